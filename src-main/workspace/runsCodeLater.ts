/**
 * Files that make code run later, when a person's own tools next touch the folder: git hooks
 * and the git metadata that names commands or another repository's, direnv, editor tasks,
 * shell start-up files. The sandbox keeps commands from writing them (its list is imported, not
 * repeated); the file tools ask before writing one, wherever it lies.
 */
import { PROTECTED_DIRS, PROTECTED_FILES } from '../sandbox/protectedPaths';

/**
 * Below a `.git` folder (its own, a submodule's in `modules/`, a worktree's in `worktrees/`):
 * config and config.worktree set fsmonitor, hooksPath, aliases and drivers; commondir points git
 * at another repository's config and hooks.
 */
export const GIT_CODE_FILES: readonly string[] = ['config', 'config.worktree', 'commondir'];
export const GIT_HOOKS_DIR = 'hooks';

// Compared in lower case: on a case-insensitive disk `.Git/Hooks` is `.git/hooks`.
const files = new Set([...PROTECTED_FILES, '.git'].map((f) => f.toLowerCase()));
const dirs = PROTECTED_DIRS.map((d) => d.toLowerCase().split('/'));

function startsAt(parts: readonly string[], at: number, seq: readonly string[]): boolean {
  return seq.every((s, k) => parts[at + k] === s);
}

/** Whether writing `path` (absolute, or relative to the folder it is in) may make code run later. */
export function runsCodeLater(path: string): boolean {
  const parts = path
    .toLowerCase()
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  const name = parts[parts.length - 1];
  if (name === undefined) return false;
  // A file named `.git` is a `gitdir:` pointer to metadata anywhere.
  if (files.has(name)) return true;
  for (let i = 0; i < parts.length; i++) {
    if (dirs.some((d) => startsAt(parts, i, d))) return true;
    if (parts[i] !== '.git') continue;
    const below = parts.slice(i + 1);
    if (below.includes(GIT_HOOKS_DIR)) return true;
    if (below.length > 0 && GIT_CODE_FILES.includes(name)) return true;
  }
  return false;
}
