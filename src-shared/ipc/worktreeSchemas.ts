/** A session's own git worktree, its merge back and its removal with the session. */
import { z } from 'zod';
import { FileDiffSchema } from './reviewSchemas';

export const SessionWorktreeSchema = z.object({
  path: z.string(),
  branch: z.string(),
  /** The branch it started from; "Merge into <base>" merges back there. */
  base: z.string(),
});
export type SessionWorktreeView = z.infer<typeof SessionWorktreeSchema>;

export const MergeResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('merged'), into: z.string(), commit: z.string() }),
  /** Nothing was changed: the conflicting files are listed. */
  z.object({ status: z.literal('conflicts'), into: z.string(), files: z.array(z.string()) }),
  z.object({ status: z.literal('refused'), into: z.string(), reason: z.string() }),
]);

/** Deleting a session whose worktree holds unmerged commits or uncommitted changes asks first. */
export const SessionDeleteResultSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ status: z.literal('needs-confirm'), reason: z.string() }),
]);

export const BaseChangesSchema = z.object({
  base: z.string(),
  files: z.array(z.object({ path: z.string(), status: z.string() })),
});
export type BaseChanges = z.infer<typeof BaseChangesSchema>;

export const worktreeRequests = {
  /** The session's worktree, or null: asked alone, as a long session's detail is megabytes. */
  'sessions.worktree': {
    input: z.object({ id: z.string() }).strict(),
    output: SessionWorktreeSchema.nullable(),
  },
  /** The session's changes against its base: its commits and what is not committed yet. */
  'sessions.worktreeChanges': { input: z.object({ id: z.string() }).strict(), output: BaseChangesSchema },
  /** One of those files' diff against the point the branch left its base. */
  'sessions.worktreeDiff': {
    input: z.object({ id: z.string(), path: z.string().min(1).max(4096) }).strict(),
    output: FileDiffSchema,
  },
  /** Merges a worktree session's branch locally into `into` (its base by default). */
  'sessions.merge': {
    input: z.object({ id: z.string(), into: z.string().min(1).max(250).optional() }).strict(),
    output: MergeResultSchema,
  },
} as const;
