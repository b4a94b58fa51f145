import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, isAbsolute, resolve } from 'node:path';
import { validateWorkspace } from './validate';

/** The folder a new chat is offered before the person has chosen one, and why, when not the obvious one. */
export interface StartWorkspace {
  path: string;
  /** Said in the workspace bar when the folder the host started in was passed over. */
  note?: string;
}

/** The folder holding Caduceus's own package.json above `from` (its checkout or installation). */
export function appRootAbove(from: string): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === 'caduceus') return dir;
    } catch {
      // No package.json here (or not JSON): keep going up.
    }
    if (dirname(dir) === dir) return null;
  }
}

const inside = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * One rule for every host: the folder the app or `serve` started in, unless that is the app's
 * own installation or checkout (a command would run inside Caduceus) or cannot be a workspace
 * (`/`, where a packaged app starts) — then the home folder, with the reason.
 */
export async function startWorkspace(
  startedIn: string,
  appRoots: readonly string[],
  home: string = homedir(),
): Promise<StartWorkspace | null> {
  const checked = await validateWorkspace(startedIn);
  const own = checked.ok && appRoots.some((root) => inside(checked.path, root));
  if (checked.ok && !own) return { path: checked.path };
  const fallback = await validateWorkspace(home);
  if (!fallback.ok) return null;
  const note = own
    ? `Started inside Caduceus's own folder (${startedIn}), so new chats use your home folder.`
    : `Started in ${startedIn}, which cannot be a workspace, so new chats use your home folder.`;
  return { path: fallback.path, note };
}
