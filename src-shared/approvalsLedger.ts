import { z } from 'zod';

/** The approvals ledger: every final decision of the approval gate, and the grants still in force. */

/** How long an "Allow for 1 hour" answer lasts. */
export const HOUR_GRANT_MS = 60 * 60 * 1000;

/**
 * Who decided: the one vocabulary the gate, the sandbox's run-outside question, the session's
 * approvals, the tool card, the ledger and `caduceus approvals log --decided-by` all use.
 * `human` only when a person answered; `unattended` when the run answered for nobody
 * (`--approvals deny` or `allow`, or no window or terminal to ask on).
 */
export const LEDGER_DECIDERS = [
  'hardline',
  'deny-rule',
  'allow-rule',
  'allowlist',
  'session-grant',
  'timed-grant',
  'smart',
  'human',
  'unattended',
  'timeout',
  'safe',
  'mode-off',
  // approvals.mode auto: the sandbox confined it to the workspace, with no network.
  'auto',
  'container-skip',
  // The question could not be put (the asking failed), which denies.
  'error',
] as const;
export const DeciderSchema = z.enum(LEDGER_DECIDERS);
export type Decider = z.infer<typeof DeciderSchema>;
/** Stored rows stay readable whatever an older version wrote. */
export const LedgerDeciderSchema = z.string().min(1);

/** How far an allowing decision reaches (once, session, hour, always, prefix-rule); open for the same reason. */
export const LedgerScopeSchema = z.string().min(1);

export const LedgerEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  sessionId: z.string(),
  toolCallId: z.string(),
  /** What was decided on: a shell command, a file path, a network host, or a sandbox escalation. */
  subjectKind: z.string(),
  subject: z.string(),
  keys: z.array(z.string()),
  reasons: z.array(z.string()),
  allowed: z.boolean(),
  decidedBy: LedgerDeciderSchema,
  /** The rule or allowlisted keys that decided, when one did. */
  rule: z.string().nullable(),
  scope: LedgerScopeSchema.nullable(),
  expiresAt: z.number().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** A file tool's write, recorded as a write to its path rather than the `tee` it was judged as. */
export const WRITE_SUBJECT_KIND = 'write';

/** What was decided on, in one line: a command as it is, a file write as "write to PATH". */
export function ledgerSubjectText(entry: Pick<LedgerEntry, 'subjectKind' | 'subject'>): string {
  return entry.subjectKind === WRITE_SUBJECT_KIND ? `write to ${entry.subject}` : entry.subject;
}

export const LedgerQuerySchema = z
  .object({
    sessionId: z.string().optional(),
    allowed: z.boolean().optional(),
    decidedBy: z.string().optional(),
    /** 'command', 'skill', 'memory', … */
    subjectKind: z.string().optional(),
    search: z.string().max(500).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .strict();
export type LedgerQuery = z.infer<typeof LedgerQuerySchema>;

/** A grant in force; `key` is what `caduceus approvals revoke KEY` and the revoke button take. */
export const GrantSchema = z.object({
  key: z.string(),
  /** 'session', 'hour', 'always' (config.yaml command_allowlist), 'prefix-rule' (approvals.allow), or another kind. */
  kind: z.string(),
  /** What it allows: a rule key, a command prefix, a host. */
  value: z.string(),
  sessionId: z.string().nullable(),
  expiresAt: z.number().nullable(),
  createdAt: z.number().nullable(),
});
export type Grant = z.infer<typeof GrantSchema>;
