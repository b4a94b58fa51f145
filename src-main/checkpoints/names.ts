/**
 * Names in the store. Git refuses a path component named `.git`, so the workspace's own `.git`
 * and nested repositories' are stored under `%.git` (and a real `%.git` under `%%.git`).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

const ESCAPED = /^%+\.git$/i;

export function escapeName(name: string): string {
  return name.toLowerCase() === '.git' || ESCAPED.test(name) ? `%${name}` : name;
}

export function unescapeName(name: string): string {
  return ESCAPED.test(name) ? name.slice(1) : name;
}

export const escapePath = (path: string) => path.split('/').map(escapeName).join('/');
export const unescapePath = (path: string) => path.split('/').map(unescapeName).join('/');

/** Whether a workspace-relative path is inside a `.git` folder (the workspace's or a nested one). */
export const inGitDir = (path: string) => path.split('/').some((part) => part === '.git');

/** A stable key for a workspace folder, for its state file. */
export function workspaceKey(workspace: string): string {
  return createHash('sha256').update(resolve(workspace)).digest('hex').slice(0, 16);
}
