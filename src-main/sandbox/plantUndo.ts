/**
 * Compares two snapshots of the files that run code later and undoes what appeared or changed
 * between them: a changed file goes back to what it was, a new one goes (a new repository's
 * config loses only its keys that can run code), and each undo is said in words.
 */
import { chmod, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { configEntries, isSafeKey, unsafeEntries, unsetKeys, type ConfigEntry } from './gitConfigKeys';
import { sameState, type Item, type Snapshot } from './plantedFiles';

export interface Undone {
  path: string;
  /** What was done to it, in words: "removed", "restored", "removed core.fsmonitor". */
  action: string;
  /** The keys a config lost, when that is what was done. */
  keys?: string[];
}

/** An undo's action in words, or the keys a config lost. */
type Action = string | string[];

const inside = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

async function remove(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}

/** Puts back what the snapshot saw, and what it saw below a folder that was replaced. */
async function restore(item: Item, before: Snapshot): Promise<void> {
  const { path, state } = item;
  await remove(path);
  await mkdir(dirname(path), { recursive: true });
  if (state.kind === 'symlink') await symlink(state.target, path);
  else if (state.kind === 'dir') {
    await mkdir(path);
    for (const [p, child] of before.items) if (p.startsWith(`${path}/`)) await restore(child, before);
  } else if (state.kind === 'file' && state.data) {
    await writeFile(path, state.data, { mode: state.mode });
    await chmod(path, state.mode);
  }
}

async function undoConfig(
  item: Item,
  was: Item | undefined,
  before: Snapshot,
  root: string,
): Promise<Action | undefined> {
  const data = item.state.kind === 'file' ? item.state.data : undefined;
  if (was) {
    const old = was.state.kind === 'file' && was.state.data ? await unsafeEntries(was.state.data) : [];
    const now = data ? await unsafeEntries(data) : undefined;
    if (now && old && !now.some((entry) => !old.includes(entry))) return undefined;
    await restore(was, before);
    return 'restored';
  }
  if (item.state.kind !== 'file' || !data) {
    await remove(item.path);
    return 'removed';
  }
  // A file git cannot parse stops every git command in that repository; nothing runs from it.
  const entries = await configEntries(data);
  // A submodule's or a clone's own worktree, within the root, is no way out of it.
  const ownWorktree = (e: ConfigEntry) =>
    e.key.toLowerCase() === 'core.worktree' && inside(resolve(dirname(item.path), e.value), root);
  const keys = [
    ...new Set((entries ?? []).filter((e) => !isSafeKey(e.key) && !ownWorktree(e)).map((e) => e.key)),
  ];
  if (keys.length === 0) return undefined;
  const failed = await unsetKeys(item.path, keys);
  if (failed.length === 0) return keys;
  await remove(item.path);
  return 'removed';
}

async function undoOne(item: Item, before: Snapshot, root: string): Promise<Action | undefined> {
  const was = before.items.get(item.path);
  if (was && sameState(was.state, item.state)) return undefined;
  switch (item.role) {
    case 'protected':
      if (was) return undefined;
      await remove(item.path);
      return 'removed';
    case 'hook':
      if (item.state.kind === 'dir' && (!was || was.state.kind === 'dir')) return undefined;
      if (was) {
        await restore(was, before);
        return 'restored';
      }
      await remove(item.path);
      return 'removed';
    case 'pointer': {
      if (!was) {
        const fresh = item.owner === undefined || !before.gitdirs.has(item.owner);
        if (item.state.kind === 'dir' || (fresh && item.target !== undefined && inside(item.target, root)))
          return undefined;
        await remove(item.path);
        return 'removed';
      }
      if (was.state.kind === 'dir') {
        // The repository's folder was moved away: without the pointer, git finds none here.
        await remove(item.path);
        return 'removed';
      }
      await restore(was, before);
      return 'restored';
    }
    case 'config':
      return undoConfig(item, was, before, root);
  }
}

/** Undoes, in `after`, what was not in `before`; shortest paths first, so folders go before their files. */
export async function undoPlanted(before: Snapshot, after: Snapshot, root: string): Promise<Undone[]> {
  const undone: Undone[] = [];
  const paths = [...after.items.keys()].sort((a, b) => a.length - b.length);
  const gone: string[] = [];
  for (const path of paths) {
    // Outside the root a command could not write; a change there is someone else's (another
    // worktree of the same repository, say).
    if (!inside(path, root) || gone.some((g) => path.startsWith(`${g}/`))) continue;
    const item = after.items.get(path);
    if (!item) continue;
    const action = await undoOne(item, before, root).catch(
      (error: unknown) => `could not undo: ${String(error)}`,
    );
    if (action === undefined) continue;
    const at = relative(root, path);
    undone.push(
      typeof action === 'string'
        ? { path: at, action }
        : { path: at, action: removedKeys(action), keys: action },
    );
    gone.push(path);
  }
  return undone;
}

const removedKeys = (keys: readonly string[]) => `removed ${keys.join(', ')}`;

/**
 * One line a path: what several checks undid while a command kept writing, keys removed from a
 * config listed together and a repeated action said once.
 */
export function mergeUndone(undone: readonly Undone[]): Undone[] {
  const merged: Undone[] = [];
  for (const u of undone) {
    const same = merged.find((m) => m.path === u.path && ((m.keys && u.keys) || m.action === u.action));
    if (!same) merged.push(u.keys ? { ...u, keys: [...u.keys] } : { ...u });
    else if (same.keys && u.keys) {
      same.keys.push(...u.keys.filter((key) => !same.keys?.includes(key)));
      same.action = removedKeys(same.keys);
    }
  }
  return merged;
}

export function describeUndone(undone: readonly Undone[]): string | undefined {
  if (undone.length === 0) return undefined;
  const lines = undone.map((u) => `- ${u.path}: ${u.action}`);
  return [
    'The sandbox undid files that would have run code later (git metadata, hooks, .envrc, editor tasks, shell start-up files):',
    ...lines,
  ].join('\n');
}
