import { z } from 'zod';

/**
 * What a file write changed, as a card, an approval and the Changes pane show it: a unified diff
 * (the format `git diff` prints), kept with the call so a reloaded session shows the same.
 */
export const FileDiffSchema = z.object({
  path: z.string(),
  /** The file did not exist before the write. */
  created: z.boolean(),
  /** Lines added and removed; absent when the texts were too large to compare. */
  added: z.number().int().nonnegative().optional(),
  removed: z.number().int().nonnegative().optional(),
  /** The unified diff; absent when `omitted` says why. Empty when nothing changed. */
  diff: z.string().optional(),
  /**
   * Why no diff is kept: too large to keep, the old file is not text, its content is a protected
   * file's (credentials, keys), or it could not be read (a directory, no permission).
   */
  omitted: z.enum(['too-large', 'binary', 'protected', 'unreadable']).optional(),
});
export type FileDiff = z.infer<typeof FileDiffSchema>;
