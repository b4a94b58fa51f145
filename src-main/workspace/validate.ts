/** Whether a folder can be a session's workspace, with a message a person can act on when not. */
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { WorkspaceCheck } from '../../src-shared/ipc/workspaceSchemas';

/**
 * `~` means the user's home; a relative path starts at `base` (the folder a CLI or `serve` was
 * started in) and is refused without one. The filesystem root is refused: confining writes to
 * it would confine nothing.
 */
export async function validateWorkspace(raw: string, base?: string): Promise<WorkspaceCheck> {
  const text = raw.trim();
  if (text === '') return { ok: false, error: 'Give the path of a folder.' };
  const expanded = text === '~' || text.startsWith('~/') ? join(homedir(), text.slice(1)) : text;
  if (!isAbsolute(expanded) && base === undefined)
    return { ok: false, error: `Give an absolute path: "${text}" is relative.` };
  const path = base === undefined ? resolve(expanded) : resolve(base, expanded);
  if (path === '/')
    return { ok: false, error: 'The filesystem root cannot be a workspace; choose a folder.' };
  try {
    const info = await stat(path);
    if (!info.isDirectory()) return { ok: false, error: `${path} is not a folder.` };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { ok: false, error: `There is no folder at ${path}.` };
    return { ok: false, error: `${path} cannot be used: ${error instanceof Error ? error.message : code}` };
  }
  return { ok: true, path };
}
