/**
 * Puts a workspace (or one path in it) back as a stored snapshot has it: content, modes,
 * symlinks, empty folders; what the snapshot lacks is removed. Only what differs from the
 * snapshot of the current state is touched. Paths left out of either side are left alone.
 * Nothing is written through a link: every folder on the way is a real folder (a link in the
 * way is replaced or, for one path, refused) and files are created fresh, never opened where
 * something already stands.
 */
import { chmodSync, lstatSync, mkdirSync, rmdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { escapePath, unescapePath } from './names';
import { readBlobs, type ObjectWriter } from './objects';
import { defaultPerm, type Manifest } from './snapshot';
import { git } from './storeGit';
import { CheckpointError, type LeftOut } from './types';

interface Change {
  path: string;
  /** Git's mode on each side; '000000' where absent. */
  from: string;
  to: string;
  oid: string;
}

const TREE = '040000';
const ABSENT = '000000';
const LINK = '120000';

/** Every path that differs between two stored snapshots, folders included. */
async function changes(gitDir: string, from: string, to: string, only?: string): Promise<Change[]> {
  const scope = only === undefined ? [] : ['--', escapePath(only)];
  const { stdout } = await git(
    ['diff-tree', '-r', '-t', '-z', '--no-renames', `${from}:files`, `${to}:files`, ...scope],
    {
      gitDir,
    },
  );
  const parts = stdout.toString().split('\0');
  const found: Change[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [fromMode = '', toMode = '', , oid = ''] = (parts[i] ?? '').slice(1).split(' ');
    const path = unescapePath(parts[i + 1] ?? '');
    if (path.split('/').some((p) => p === '' || p === '.' || p === '..'))
      throw new CheckpointError(`bad path in store: ${path}`);
    found.push({ path, from: fromMode, to: toMode, oid });
  }
  return found;
}

/** The manifests of both snapshots. */
async function manifests(
  writer: ObjectWriter,
  target: string,
  current: string,
): Promise<[Manifest, Manifest]> {
  const names = [`${target}:manifest.json`, `${current}:manifest.json`];
  const oids = [writer.treeEntry(target, 'manifest.json'), writer.treeEntry(current, 'manifest.json')];
  const read = oids.every((oid) => oid !== undefined)
    ? await writer.readMany(oids as string[])
    : await readBlobs(writer.gitDir, names);
  const keys = oids.every((oid) => oid !== undefined) ? (oids as string[]) : names;
  const parse = (key: string) => JSON.parse(read.get(key)?.toString() ?? '{}') as Manifest;
  return [parse(keys[0] ?? ''), parse(keys[1] ?? '')];
}

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
const depth = (path: string) => path.split('/').length;

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

export interface RestoreArgs {
  root: string;
  gitDir: string;
  writer: ObjectWriter;
  /** The snapshot to restore. */
  target: string;
  /** A snapshot of the workspace as it is now, taken just before. */
  current: string;
  /** Left out of the current snapshot: never touched. */
  currentLeftOut: LeftOut[];
  /** Restore only this path (a file, or a folder and what is under it). */
  only?: string;
}

/** Returns the paths written or removed. */
export async function restoreSnapshot(args: RestoreArgs): Promise<string[]> {
  const { root, only } = args;
  const [diff, [want, have]] = await Promise.all([
    changes(args.gitDir, args.current, args.target, only),
    manifests(args.writer, args.target, args.current),
  ]);
  const kept = [...want.left_out, ...args.currentLeftOut].map((l) => l.path);
  const inScope = (p: string) => (only === undefined || under(p, only)) && !kept.some((k) => under(p, k));
  const abs = (rel: string) => (rel === '' ? root : joinPath(root, rel));
  const work = diff.filter((c) => inScope(c.path));
  const changed: string[] = [];

  // Folders above the restored path must be real folders: made if missing, never followed.
  const parts = (only ?? '').split('/').slice(0, -1);
  for (let i = 1; i <= parts.length; i++) {
    const rel = parts.slice(0, i).join('/');
    const st = lstatOrUndefined(abs(rel));
    if (st && !st.isDirectory())
      throw new CheckpointError(
        `${rel} is ${st.isSymbolicLink() ? 'a symbolic link' : 'a file'} now; restore the whole checkpoint instead`,
      );
    if (!st) mkdirSync(abs(rel), { mode: 0o755 });
  }

  // Remove what the target lacks or holds as another kind: files first, then folders deepest first.
  const kind = (mode: string) =>
    mode === TREE ? 'dir' : mode === LINK ? 'link' : mode === ABSENT ? 'none' : 'file';
  for (const c of work) {
    if (c.from !== ABSENT && c.from !== TREE && kind(c.from) !== kind(c.to)) {
      rmSync(abs(c.path), { force: true });
      changed.push(c.path);
    }
  }
  const goneDirs = work
    .filter((c) => c.from === TREE && c.to !== TREE)
    .sort((a, b) => depth(b.path) - depth(a.path));
  for (const c of goneDirs) {
    try {
      rmdirSync(abs(c.path));
      changed.push(c.path);
    } catch {
      // Not empty: it holds something left out of the snapshot, which stays.
    }
  }

  // New folders, shallowest first, writable while they are filled.
  const newDirs = work
    .filter((c) => c.to === TREE && c.from !== TREE)
    .sort((a, b) => depth(a.path) - depth(b.path));
  for (const c of newDirs) {
    const st = lstatOrUndefined(abs(c.path));
    if (st && !st.isDirectory()) rmSync(abs(c.path), { force: true, recursive: true });
    if (!st?.isDirectory()) mkdirSync(abs(c.path), { mode: 0o700 });
    changed.push(c.path);
  }
  const writable = new Map<string, number>();
  const openFolder = (rel: string) => {
    const st = lstatSync(abs(rel));
    if (!st.isDirectory()) throw new CheckpointError(`${rel} is not a folder`);
    if ((st.mode & 0o700) !== 0o700 && !writable.has(rel)) {
      writable.set(rel, st.mode & 0o7777);
      chmodSync(abs(rel), 0o700);
    }
  };

  // Files and links that differ, fetched in one batch and created fresh.
  const files = work.filter((c) => c.to !== TREE && c.to !== ABSENT);
  const blobs = await args.writer.readMany(files.map((c) => c.oid));
  for (const c of files) {
    const parent = c.path.includes('/') ? c.path.slice(0, c.path.lastIndexOf('/')) : '';
    openFolder(parent);
    const path = abs(c.path);
    if (lstatOrUndefined(path)) rmSync(path, { force: true, recursive: true });
    const body = blobs.get(c.oid) ?? Buffer.alloc(0);
    if (c.to === LINK) symlinkSync(body.toString(), path);
    else writeFileSync(path, body, { flag: 'wx', mode: 0o600 });
    changed.push(c.path);
  }

  // Exact modes: of what was written, and of whatever the two manifests disagree on.
  const perms = new Map<string, number>();
  for (const c of [...files, ...newDirs])
    if (c.to !== LINK) perms.set(c.path, want.modes[c.path] ?? defaultPerm(c.to === TREE ? '40000' : c.to));
  for (const rel of new Set([...Object.keys(want.modes), ...Object.keys(have.modes)])) {
    if (want.modes[rel] === have.modes[rel] || !(rel === '' ? only === undefined : inScope(rel))) continue;
    const st = lstatOrUndefined(abs(rel));
    if (!st || st.isSymbolicLink()) continue;
    perms.set(
      rel,
      want.modes[rel] ?? defaultPerm(st.isDirectory() ? '40000' : st.mode & 0o100 ? '100755' : '100644'),
    );
  }
  for (const [rel, mode] of writable) if (!perms.has(rel)) perms.set(rel, mode);
  for (const rel of [...perms.keys()].sort((a, b) => depth(b) - depth(a) || (a < b ? 1 : -1))) {
    if (rel === '' && perms.size > 1) continue;
    chmodSync(abs(rel), perms.get(rel) ?? 0o755);
  }
  if (perms.has('')) chmodSync(root, perms.get('') ?? 0o755);
  return changed;
}
