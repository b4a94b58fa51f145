import { z } from 'zod';
import { WorkspacePathSchema } from './workspaceSchemas';
import { DIFF_SIDES } from './diffSides';

/** A path relative to the workspace; main checks again that it stays inside. */
export const ReviewPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes('\0'), 'no NUL');

/** One letter of `git status --porcelain=v2`: M, T, A, D, R, C or U. */
export const ChangeCodeSchema = z.enum(['M', 'T', 'A', 'D', 'R', 'C', 'U']);
export type ChangeCode = z.infer<typeof ChangeCodeSchema>;

export const ReviewFileSchema = z.object({
  /** Relative to the workspace, `/`-separated. */
  path: z.string(),
  /** A rename's or copy's source. */
  origPath: z.string().optional(),
  /** The change staged in the index against HEAD. */
  staged: ChangeCodeSchema.nullable(),
  /** The change in the working tree against the index. */
  unstaged: ChangeCodeSchema.nullable(),
  untracked: z.boolean(),
  conflicted: z.boolean(),
});
export type ReviewFile = z.infer<typeof ReviewFileSchema>;

export const ReviewStatusSchema = z.discriminatedUnion('repo', [
  z.object({ repo: z.literal(false), message: z.string() }),
  z.object({
    repo: z.literal(true),
    /** The branch checked out; null when HEAD is detached. */
    branch: z.string().nullable(),
    /** HEAD's commit; null before the first commit. */
    head: z.string().nullable(),
    files: z.array(ReviewFileSchema),
  }),
]);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

/** Which side of a file's change: index against HEAD, tree against index, or a new file. */
export const DiffSideSchema = z.enum(DIFF_SIDES);
export type DiffSide = z.infer<typeof DiffSideSchema>;

export const FileDiffSchema = z.object({
  path: z.string(),
  side: DiffSideSchema,
  binary: z.boolean(),
  /** The diff was longer than the cap and was cut. */
  truncated: z.boolean(),
  /** A unified diff without colour; empty for a binary file. */
  text: z.string(),
});
export type FileDiff = z.infer<typeof FileDiffSchema>;

export const CommitResultSchema = z.object({ oid: z.string(), summary: z.string() });

const workspace = WorkspacePathSchema.min(1);
const paths = z.array(ReviewPathSchema).min(1).max(500);

export const reviewRequests = {
  /** The working tree against HEAD, or why the workspace is not a git repository. */
  'review.status': { input: z.object({ workspace }).strict(), output: ReviewStatusSchema },
  'review.diff': {
    input: z.object({ workspace, path: ReviewPathSchema, side: DiffSideSchema }).strict(),
    output: FileDiffSchema,
  },
  'review.stage': { input: z.object({ workspace, paths }).strict(), output: ReviewStatusSchema },
  'review.unstage': { input: z.object({ workspace, paths }).strict(), output: ReviewStatusSchema },
  /** Puts files back as HEAD has them (a new file is deleted), after a checkpoint of them. */
  'review.discard': { input: z.object({ workspace, paths }).strict(), output: ReviewStatusSchema },
  /** `git commit` of what is staged; the repository's hooks run as they would for the person. */
  'review.commit': {
    input: z.object({ workspace, message: z.string().trim().min(1).max(20_000) }).strict(),
    output: CommitResultSchema,
  },
  /** Creates the branch at HEAD and switches to it. */
  'review.createBranch': {
    input: z
      .object({ workspace, name: z.string().trim().min(1).max(250).regex(/^[^-]/, 'cannot start with -') })
      .strict(),
    output: ReviewStatusSchema,
  },
} as const;
