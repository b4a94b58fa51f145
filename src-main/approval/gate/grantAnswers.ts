import { HOUR_GRANT_MS } from '../../../src-shared/approvalsLedger';
import type { ApproverAnswer } from './gateTypes';
import { hourGrantKey, sessionGrantKey, type GrantStore } from './grants';

/**
 * Stores what a "session", "always" (not saved to the allowlist) or "for 1 hour" answer grants.
 * Returns when an hour's grant ends, so the ledger shows the expiry the store holds.
 */
export function grantAnswer(
  grants: GrantStore,
  sessionId: string,
  keys: readonly string[],
  choice: ApproverAnswer | 'timeout',
  at: number,
): number | undefined {
  if (choice === 'session' || choice === 'always')
    grants.add(
      keys.map((value) => ({
        key: sessionGrantKey(sessionId, value),
        kind: 'session' as const,
        value,
        sessionId,
        expiresAt: null,
        createdAt: at,
      })),
    );
  if (choice !== 'hour') return undefined;
  const expiresAt = at + HOUR_GRANT_MS;
  grants.add(
    keys.map((value) => ({
      key: hourGrantKey(value),
      kind: 'hour' as const,
      value,
      sessionId: null,
      expiresAt,
      createdAt: at,
    })),
  );
  return expiresAt;
}
