import { randomUUID } from 'node:crypto';
import { HOUR_GRANT_MS, WRITE_SUBJECT_KIND, type LedgerEntry } from '../../../src-shared/approvalsLedger';
import type { GateCheck, GateDecision } from './gateTypes';

/** Where the gate writes each final decision; the app's is the sessions database. */
export interface LedgerSink {
  record(entry: LedgerEntry): void;
}

/** How far an allowing decision reaches, and until when. */
function scopeOf(decision: GateDecision, at: number): { scope: string | null; expiresAt: number | null } {
  if (!decision.allowed) return { scope: null, expiresAt: null };
  switch (decision.decidedBy) {
    case 'human':
    case 'unattended':
      if (decision.choice === 'hour')
        return { scope: 'hour', expiresAt: decision.expiresAt ?? at + HOUR_GRANT_MS };
      return { scope: decision.choice ?? 'once', expiresAt: null };
    case 'allow-rule':
      return { scope: 'prefix-rule', expiresAt: null };
    case 'allowlist':
      return { scope: 'always', expiresAt: null };
    case 'session-grant':
      return { scope: 'session', expiresAt: null };
    case 'timed-grant':
      return { scope: 'hour', expiresAt: decision.expiresAt ?? null };
    default:
      return { scope: 'once', expiresAt: null };
  }
}

/** The ledger row for one decision of the gate on a shell command (or a skill or memory change). */
export function ledgerEntryFor(input: GateCheck, decision: GateDecision, at: number): LedgerEntry {
  return {
    id: decision.requestId ?? randomUUID(),
    at,
    sessionId: input.sessionId,
    toolCallId: input.toolCallId,
    // A file tool's write is recorded as what it was, not as the `tee` it was judged as.
    subjectKind: input.writesTo !== undefined ? WRITE_SUBJECT_KIND : (input.subjectKind ?? 'command'),
    subject: input.writesTo ?? input.command,
    keys: decision.verdict.keys,
    reasons: decision.verdict.reasons,
    allowed: decision.allowed,
    decidedBy: decision.decidedBy,
    rule: decision.rule ?? null,
    ...scopeOf(decision, at),
  };
}
