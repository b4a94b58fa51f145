import { z } from 'zod';
import { VerdictLevelSchema, type VerdictLevel } from '../../../src-shared/ipc/schemas';

/** One part of a command (a simple command, or a redirect) and the rules it triggered. */
export const SegmentSchema = z.object({
  /** Text of the part; offsets index the normalised command. */
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  keys: z.array(z.string()),
  /** Words as written, quotes removed; what user prefix rules compare against. */
  words: z.array(z.string()),
  /** Words after unwrapping sudo, env, timeout and the like. */
  command: z.array(z.string()),
});
export type Segment = z.infer<typeof SegmentSchema>;

export { VerdictLevelSchema, type VerdictLevel };

export const VerdictSchema = z.object({
  verdict: VerdictLevelSchema,
  /** Stable rule keys, in order of first appearance; what an "always" answer stores. */
  keys: z.array(z.string()),
  reasons: z.array(z.string()),
  segments: z.array(SegmentSchema),
  /** False when the shell parser could not be used and pattern checks decided. */
  parsed: z.boolean(),
  /** Absolute paths the command is known to change (deletes, in-place edits, code writes). */
  writes: z.array(z.string()).optional(),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export const RULE_CATEGORIES = [
  'filesystem',
  'permissions',
  'disk',
  'sql',
  'config',
  'services',
  'remote-code',
  'git',
  'cloud',
  'privilege',
  'publishing',
  'exfiltration',
  'network',
  'persistence',
  'analysis',
] as const;
export type RuleCategory = (typeof RULE_CATEGORIES)[number];

export interface Rule {
  key: string;
  category: RuleCategory;
  description: string;
  /** Never runnable, whatever the mode, allowlist or answer. */
  hardline?: boolean;
  /** A human answers every time: no allowlist, session answer, allow rule, mode or model skips it. */
  askEveryTime?: boolean;
  /**
   * A person's yes, or a grant or allowlist entry one made, lets it through: no allow rule, mode,
   * container skip, model or unattended run (`--approvals allow`) does.
   */
  needsPerson?: boolean;
  /**
   * Its effect is one a checkpoint of the workspace cannot undo even when the sandbox confines the
   * command (another machine's history, a file outside the workspace, an attribute a restore cannot
   * clear): `approvals.mode: auto` still asks.
   */
  beyondCheckpoint?: boolean;
  /**
   * Reported as `<key>:<scope>` (`fetch-local-host:127.0.0.1:3000`): an answer, a grant and an
   * "always" cover that scope alone.
   */
  scoped?: boolean;
}
