import type { z } from 'zod';
import type { CheckpointFileStatusSchema } from '../../src-shared/ipc/checkpointSchemas';

/** What the checkpoint store hands out. */

/** A path left out of a checkpoint and why; restore leaves such paths as they are. */
export interface LeftOut {
  path: string;
  reason: 'ignored-bulky' | 'too-large' | 'git-cap' | 'special-file' | 'checkpoint-store';
  /** Bytes, when known (a file). */
  size?: number;
}

export interface Checkpoint {
  id: string;
  session: string;
  turn: number;
  workspace: string;
  label?: string;
  /** ISO 8601. */
  created_at: string;
  /** Against the previous checkpoint of this workspace (all zero for its first). */
  files_changed: number;
  insertions: number;
  deletions: number;
  left_out: LeftOut[];
  /** The per-checkpoint cap on `.git` data applied: part of `.git` was left out. */
  git_cap_applied: boolean;
  /** The stored tree (files and manifest). */
  tree: string;
}

export type FileStatus = z.infer<typeof CheckpointFileStatusSchema>;

export interface FileChange {
  path: string;
  /** For a rename, where it came from. */
  from?: string;
  status: FileStatus;
  binary: boolean;
  insertions: number;
  deletions: number;
}

export interface CheckpointDiff {
  files: FileChange[];
  files_changed: number;
  insertions: number;
  deletions: number;
  /** Unified diff of every changed file (or the one asked for). */
  patch: string;
}

export interface TakeOptions {
  workspace: string;
  session: string;
  turn: number;
  label?: string;
}

export interface ListFilter {
  session?: string;
  workspace?: string;
}

export class CheckpointError extends Error {
  override name = 'CheckpointError';
}
