/** Paths the Review view names, held inside the workspace. */
import { lstat, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';

export class ReviewPathError extends Error {
  override name = 'ReviewPathError';
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The nearest folder of `path` that exists, resolved through symlinks. */
async function realFolder(path: string): Promise<string> {
  let folder = dirname(path);
  for (;;) {
    try {
      return await realpath(folder);
    } catch {
      const up = dirname(folder);
      if (up === folder) throw new ReviewPathError(`No folder holds ${path}.`);
      folder = up;
    }
  }
}

/**
 * The absolute path of a workspace-relative one. Refused: absolute paths, `..`, anything in
 * `.git`, and a path whose folders lead out of the workspace through a symlink. The last part
 * may itself be a symlink (git tracks links as links; nothing here follows it).
 */
export async function insideWorkspace(workspace: string, rel: string): Promise<string> {
  if (rel === '' || rel.includes('\0') || isAbsolute(rel) || rel.startsWith('\\'))
    throw new ReviewPathError(`Not a path inside the workspace: ${rel}`);
  if (rel.endsWith('/'))
    throw new ReviewPathError(`${rel} is a folder (a repository of its own): use git in a terminal for it.`);
  const parts = rel.split(/[/\\]/);
  if (parts.some((p) => p === '..' || p === '.' || p === ''))
    throw new ReviewPathError(`A path may not go up or be empty: ${rel}`);
  if (parts.some((p) => p.toLowerCase() === '.git'))
    throw new ReviewPathError(`The repository's own .git folder is not reviewed: ${rel}`);
  const root = await realpath(workspace);
  const absolute = join(root, ...parts);
  if (!within(root, await realFolder(absolute)))
    throw new ReviewPathError(`${rel} leads out of the workspace through a symlink.`);
  return absolute;
}

/** Whether something (a file, a link, a folder) is at the path, without following a link. */
export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** A `/`-separated path as git prints it, relative to the workspace inside the repository. */
export function fromRepo(prefix: string, repoPath: string): string | undefined {
  if (prefix === '') return repoPath;
  return repoPath.startsWith(prefix) ? repoPath.slice(prefix.length) : undefined;
}
