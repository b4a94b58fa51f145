import { z } from 'zod';

/** config.yaml `checkpoints:` — snapshots of the workspace before each turn, and how long they are kept. */
export const CheckpointsConfigSchema = z.object({
  enabled: z.boolean().default(true),
  /** Checkpoints kept per workspace; the oldest go first. */
  max_count: z.number().int().min(1).default(100),
  /** Size of the whole store; the oldest checkpoints go until it fits. */
  max_size_mb: z.number().positive().default(2048),
  retention_days: z.number().positive().default(30),
  /** A file bigger than this is left out (and reported). */
  max_file_mb: z.number().positive().default(50),
  /** New `.git` data one checkpoint keeps; past it the rest of `.git` is left out (and reported). */
  max_git_mb: z.number().positive().default(512),
});
export type CheckpointsConfig = z.infer<typeof CheckpointsConfigSchema>;
