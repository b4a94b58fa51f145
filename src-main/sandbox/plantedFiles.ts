/**
 * A snapshot of the small files in a folder that make code run later without anyone asking:
 * each repository's config, hooks and the pointers git follows to find them (`.git` files and
 * links, `commondir`, a worktree's `gitdir`, submodules under `modules/`, linked worktrees, bare
 * repositories), and the protected names at the top (`.envrc`, `.vscode`, …). Taken before and
 * after a sandboxed command, so what the command planted can be found and undone.
 */
import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { configEntries } from './gitConfigKeys';

export type Role = 'config' | 'hook' | 'pointer' | 'protected';

export type FileState =
  | { kind: 'file'; mode: number; stamp: string; data?: Buffer }
  | { kind: 'symlink'; target: string }
  | { kind: 'dir' }
  | { kind: 'other' };

export interface Item {
  role: Role;
  path: string;
  state: FileState;
  /** Where a pointer leads. */
  target?: string;
  /** The repository folder a pointer belongs to (`commondir`, `gitdir`). */
  owner?: string;
}

export interface Snapshot {
  items: Map<string, Item>;
  /** Every repository folder (a `.git`, a bare repository, a module or worktree's) found. */
  gitdirs: Set<string>;
}

/** How deep below the root repositories are looked for. */
const MAX_DEPTH = 4;
/** Content kept for restoring; larger files are compared by size, time and inode only. */
const MAX_KEPT = 1024 * 1024;
/** Repositories followed from one root, pointers included. */
const MAX_GITDIRS = 200;
const SKIP = new Set(['node_modules']);

async function stateOf(path: string, withData: boolean): Promise<FileState | undefined> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch {
    return undefined;
  }
  if (info.isSymbolicLink()) return { kind: 'symlink', target: await readlink(path).catch(() => '') };
  if (info.isDirectory()) return { kind: 'dir' };
  if (!info.isFile()) return { kind: 'other' };
  const stamp = `${info.size}:${info.mtimeMs}:${info.ino}`;
  const data = withData && info.size <= MAX_KEPT ? await readFile(path).catch(() => undefined) : undefined;
  return { kind: 'file', mode: info.mode & 0o7777, stamp, ...(data ? { data } : {}) };
}

export function sameState(a: FileState, b: FileState): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'symlink' && b.kind === 'symlink') return a.target === b.target;
  if (a.kind === 'file' && b.kind === 'file') {
    if (a.mode !== b.mode) return false;
    return a.data && b.data ? a.data.equals(b.data) : a.stamp === b.stamp;
  }
  return true;
}

const looksLikeGitdir = (names: Set<string>) =>
  names.has('HEAD') && ((names.has('objects') && names.has('refs')) || names.has('commondir'));

class Scan {
  readonly items = new Map<string, Item>();
  readonly gitdirs = new Set<string>();
  private readonly seen = new Set<string>();

  constructor(private readonly root: string) {}

  private async add(role: Role, path: string, extra: Partial<Item> = {}): Promise<Item | undefined> {
    const state = await stateOf(path, role !== 'protected');
    if (!state) return undefined;
    const item: Item = { role, path, state, ...extra };
    this.items.set(path, item);
    return item;
  }

  async protectedNames(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => this.add('protected', join(this.root, name))));
  }

  async walk(dir: string, depth: number): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (looksLikeGitdir(new Set(entries.map((entry) => entry.name)))) return this.gitdir(dir);
    const next: Promise<void>[] = [];
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.name === '.git') next.push(this.dotGit(path));
      else if (entry.isDirectory() && depth < MAX_DEPTH && !SKIP.has(entry.name))
        next.push(this.walk(path, depth + 1));
    }
    await Promise.all(next);
  }

  /** A worktree's `.git`: the repository folder itself, or a file or link saying where it is. */
  private async dotGit(path: string): Promise<void> {
    const item = await this.add('pointer', path);
    if (!item) return;
    if (item.state.kind === 'dir') return this.gitdir(path);
    const target =
      item.state.kind === 'symlink'
        ? resolve(dirname(path), item.state.target)
        : item.state.kind === 'file'
          ? pointedAt(dirname(path), item.state.data, /^gitdir:\s*(.+?)\s*$/m)
          : undefined;
    if (target === undefined) return;
    item.target = target;
    await this.gitdir(target);
  }

  async gitdir(dir: string): Promise<void> {
    const real = await realpath(dir).catch(() => undefined);
    if (!real || this.seen.has(real) || this.seen.size >= MAX_GITDIRS) return;
    if (
      !(await stat(real).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      return;
    this.seen.add(real);
    this.gitdirs.add(dir);
    const config = await this.add('config', join(dir, 'config'));
    await this.add('config', join(dir, 'config.worktree'));
    const common = await this.add('pointer', join(dir, 'commondir'), { owner: dir });
    const back = await this.add('pointer', join(dir, 'gitdir'), { owner: dir });
    if (back?.state.kind === 'file') back.target = pointedAt(dir, back.state.data, /^(.+?)\s*$/m);
    const next: Promise<void>[] = [this.hooks(join(dir, 'hooks'))];
    if (common?.state.kind === 'file') {
      common.target = pointedAt(dir, common.state.data, /^(.+?)\s*$/m);
      if (common.target) next.push(this.gitdir(common.target));
    }
    const hooksPath = await configuredHooks(dir, config);
    if (hooksPath) next.push(this.hooks(hooksPath));
    next.push(this.modules(join(dir, 'modules'), 0), this.children(join(dir, 'worktrees')));
    await Promise.all(next);
  }

  /** Every hook but git's own `.sample` files, which it never runs. */
  private async hooks(dir: string): Promise<void> {
    const item = await this.add('hook', dir);
    if (item?.state.kind !== 'dir') return;
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => !n.endsWith('.sample')).map((n) => this.add('hook', join(dir, n))));
  }

  /** Submodules' repositories, whose names may hold slashes. */
  private async modules(dir: string, depth: number): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [] as Dirent[]);
    if (looksLikeGitdir(new Set(entries.map((entry) => entry.name)))) return this.gitdir(dir);
    if (depth >= MAX_DEPTH) return;
    const dirs = entries.filter((entry) => entry.isDirectory() || entry.isSymbolicLink());
    await Promise.all(dirs.map((entry) => this.modules(join(dir, entry.name), depth + 1)));
  }

  private async children(dir: string): Promise<void> {
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.map((name) => this.gitdir(join(dir, name))));
  }
}

function pointedAt(from: string, data: Buffer | undefined, pattern: RegExp): string | undefined {
  const found = data ? pattern.exec(data.toString('utf8'))?.[1] : undefined;
  return found ? resolve(from, found) : undefined;
}

/** A repository's own `core.hooksPath`: its hooks live there instead. */
async function configuredHooks(dir: string, config: Item | undefined): Promise<string | undefined> {
  const data = config?.state.kind === 'file' ? config.state.data : undefined;
  if (!data || !/hookspath/i.test(data.toString('utf8'))) return undefined;
  const value = (await configEntries(data))
    ?.filter((e) => e.key.toLowerCase() === 'core.hookspath')
    .pop()?.value;
  if (!value) return undefined;
  const worktree = basename(dir) === '.git' ? dirname(dir) : dir;
  return resolve(worktree, value);
}

export async function takeSnapshot(root: string, protectedNames: readonly string[]): Promise<Snapshot> {
  const scan = new Scan(root);
  await Promise.all([scan.protectedNames(protectedNames), scan.walk(root, 0)]);
  return { items: scan.items, gitdirs: scan.gitdirs };
}
