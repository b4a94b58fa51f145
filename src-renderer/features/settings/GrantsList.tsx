import type { Grant } from '../../../src-shared/approvalsLedger';
import { useLedger } from './ledgerStore';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { useSessions } from '../sessions/sessionsStore';
import { sessionTitle } from '../sessions/sessionTitle';

const KIND_LABEL: Record<string, string> = {
  session: 'This session',
  hour: 'For 1 hour',
  always: 'Always',
  'prefix-rule': 'Prefix rule',
  sandbox: 'Outside the sandbox',
  host: 'Network host',
  'local-host': 'Local host the app may fetch from',
};

function describe(grant: Grant, sessions: readonly SessionSummary[]): string {
  const parts = [KIND_LABEL[grant.kind] ?? grant.kind];
  if (grant.sessionId) parts.push(sessionTitle(sessions, grant.sessionId));
  if (grant.expiresAt) parts.push(`until ${new Date(grant.expiresAt).toLocaleTimeString()}`);
  return parts.join(' · ');
}

/** Every grant still in force, each with a revoke that applies to the very next command. */
export function GrantsList() {
  const grants = useLedger((s) => s.grants);
  const sessions = useSessions((s) => s.sessions);
  const revoke = useLedger((s) => s.revoke);
  return (
    <ul className="settings-list" aria-label="Grants in force" data-testid="grants-list">
      {grants.map((grant) => (
        <li key={grant.key} className="allowlist-entry" data-testid="grant" data-key={grant.key}>
          <div>
            <code>{grant.value}</code>
            <div className="muted">{describe(grant, sessions)}</div>
          </div>
          <button
            type="button"
            className="danger"
            data-testid="grant-revoke"
            aria-label={`Revoke ${grant.key}`}
            onClick={() => void revoke(grant.key)}
          >
            Revoke
          </button>
        </li>
      ))}
      {grants.length === 0 && <li className="muted">No grants in force: every dangerous command asks.</li>}
    </ul>
  );
}
