import { z } from 'zod';
import { ReviewPathSchema } from './reviewSchemas';

export const CheckpointFileStatusSchema = z.enum(['added', 'modified', 'deleted', 'renamed', 'type-changed']);

export const TurnFileSchema = z.object({
  /** Relative to the workspace, `/`-separated. */
  path: z.string(),
  /** A rename's source. */
  from: z.string().optional(),
  status: CheckpointFileStatusSchema,
  binary: z.boolean(),
  insertions: z.number().int(),
  deletions: z.number().int(),
});
export type TurnFile = z.infer<typeof TurnFileSchema>;

export const LeftOutSchema = z.object({
  path: z.string(),
  reason: z.enum(['ignored-bulky', 'too-large', 'git-cap', 'special-file', 'checkpoint-store']),
  size: z.number().optional(),
});
export type LeftOutPath = z.infer<typeof LeftOutSchema>;

export const TurnChangesSchema = z.object({
  /** 1 for the session's first prompt. */
  turn: z.number().int(),
  /** The checkpoint taken before the turn changed anything: reverting the turn restores it. */
  checkpointId: z.string(),
  created_at: z.string(),
  /** The turn is still running: its files are what changed so far. */
  running: z.boolean(),
  files: z.array(TurnFileSchema),
  files_changed: z.number().int(),
  insertions: z.number().int(),
  deletions: z.number().int(),
  /** Paths the checkpoint did not keep (bulky ignored output, files over the size cap, `.git` past its cap). */
  left_out: z.array(LeftOutSchema),
  git_cap_applied: z.boolean(),
  /** What the checkpoints may not tell right: commands let out of the sandbox, another session's changes. */
  notes: z.array(z.string()),
});
export type TurnChanges = z.infer<typeof TurnChangesSchema>;

export const SessionChangesSchema = z.object({
  workspace: z.string().nullable(),
  turns: z.array(TurnChangesSchema),
  /** Why this session's effects are not checkpointed (disabled, a remote backend); null when they are. */
  notCovered: z.string().nullable(),
  /** Places the session may write that checkpoints never hold (writable roots outside the workspace, its temp folder). */
  outside: z.array(z.string()),
});
export type SessionChanges = z.infer<typeof SessionChangesSchema>;

export const RevertResultSchema = z.object({
  /** Restoring this checkpoint undoes the revert. */
  undoId: z.string(),
  /** Paths written or removed. */
  changed: z.array(z.string()),
  /** Turns after the reverted one whose changes went too. */
  laterTurns: z.array(z.number().int()),
});
export type RevertResult = z.infer<typeof RevertResultSchema>;

const id = z.string().min(1).max(200);
const sessionId = z.string().min(1).max(200);

export const checkpointRequests = {
  /** The session's turns and the files each changed. */
  'checkpoints.turns': { input: z.object({ sessionId }).strict(), output: SessionChangesSchema },
  /** A file's unified diff over one turn. */
  'checkpoints.fileDiff': {
    input: z.object({ sessionId, checkpointId: id, path: ReviewPathSchema }).strict(),
    output: z.object({ path: z.string(), diff: z.string() }),
  },
  /** Restores the checkpoint before a turn (undoing it and every later turn); stops the session first. */
  'checkpoints.revertTurn': {
    input: z.object({ sessionId, checkpointId: id }).strict(),
    output: RevertResultSchema,
  },
  /** Puts one file back as it was before a turn. */
  'checkpoints.revertFile': {
    input: z.object({ sessionId, checkpointId: id, path: ReviewPathSchema }).strict(),
    output: RevertResultSchema,
  },
  /** Restores the workspace to before the session's first turn. */
  'checkpoints.revertSession': { input: z.object({ sessionId }).strict(), output: RevertResultSchema },
  /** Undoes a revert: restores the checkpoint taken just before it. */
  'checkpoints.undoRevert': {
    input: z.object({ sessionId, undoId: id }).strict(),
    output: RevertResultSchema,
  },
} as const;
