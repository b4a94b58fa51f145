/**
 * Puts a workspace (or one path in it) back as a stored snapshot has it: content, modes,
 * symlinks, empty folders; what the snapshot lacks is removed. Paths left out of either side
 * are left alone. Nothing is written through a link: every folder on the way is checked to be
 * a real folder, a link in the way is replaced (or, for one path, refused), and files are
 * created fresh, never opened where something already stands.
 */
import { chmodSync, lstatSync, mkdirSync, rmdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { readBlobs } from './objects';
import { unescapePath } from './names';
import { defaultPerm, type Manifest } from './snapshot';
import { git } from './storeGit';
import { CheckpointError } from './types';
import type { WorkspaceState } from './workspaceState';

interface Target {
  mode: string;
  oid: string;
}

async function readTarget(gitDir: string, top: string) {
  const { stdout } = await git(['ls-tree', '-r', '-t', '-z', '--full-tree', `${top}:files`], { gitDir });
  const entries = new Map<string, Target>();
  for (const line of stdout.toString().split('\0')) {
    if (!line) continue;
    const tab = line.indexOf('\t');
    const [mode = '', , oid = ''] = line.slice(0, tab).split(' ');
    const path = unescapePath(line.slice(tab + 1));
    if (path.split('/').some((p) => p === '' || p === '.' || p === '..'))
      throw new CheckpointError(`bad path in store: ${path}`);
    entries.set(path, { mode: mode === '040000' ? '40000' : mode, oid });
  }
  const { stdout: raw } = await git(['cat-file', 'blob', `${top}:manifest.json`], { gitDir });
  return { entries, manifest: JSON.parse(raw.toString()) as Manifest };
}

const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
const depth = (path: string) => path.split('/').length;

export interface RestoreArgs {
  root: string;
  gitDir: string;
  top: string;
  /** The workspace as it is now (just snapshotted). */
  current: WorkspaceState;
  /** Restore only this path (a file, or a folder and what is under it). */
  only?: string;
}

/** Returns the paths written or removed. */
export async function restoreSnapshot(args: RestoreArgs): Promise<string[]> {
  const { root, current, only } = args;
  const { entries, manifest } = await readTarget(args.gitDir, args.top);
  const kept = [...manifest.left_out.map((l) => l.path), ...current.leftOut.keys()];
  const inScope = (p: string) => (only === undefined || under(p, only)) && !kept.some((k) => under(p, k));
  const abs = (rel: string) => joinPath(root, rel);
  const changed: string[] = [];
  const permOf = (rel: string, t: Target) => manifest.modes[rel] ?? defaultPerm(t.mode);

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

  // Remove what the snapshot lacks or holds as another kind: files, then folders deepest first.
  for (const [rel, file] of current.files) {
    if (!inScope(rel)) continue;
    const t = entries.get(rel);
    const sameKind = t && (t.mode === '120000') === (file.kind === 'link') && t.mode !== '40000';
    if (!sameKind) {
      rmSync(abs(rel), { force: true });
      changed.push(rel);
    }
  }
  const dirs = [...current.dirs.keys()].filter(inScope).sort((a, b) => depth(b) - depth(a));
  for (const rel of dirs) {
    if (entries.get(rel)?.mode === '40000') continue;
    try {
      rmdirSync(abs(rel));
      changed.push(rel);
    } catch {
      // Not empty: it holds something left out of the snapshot, which stays.
    }
  }

  // Folders, shallowest first, writable while filled; their modes are set at the end.
  const targetDirs = [...entries].filter(([rel, t]) => t.mode === '40000' && inScope(rel));
  targetDirs.sort((a, b) => depth(a[0]) - depth(b[0]));
  for (const [rel] of targetDirs) {
    const st = lstatOrUndefined(abs(rel));
    if (st && !st.isDirectory()) rmSync(abs(rel), { force: true, recursive: true });
    if (!st || !st.isDirectory()) {
      mkdirSync(abs(rel), { mode: 0o700 });
      changed.push(rel);
    } else if ((st.mode & 0o700) !== 0o700) chmodSync(abs(rel), st.mode | 0o700);
  }

  // Files that differ, fetched in one batch.
  const wanted = [...entries].filter(([rel, t]) => {
    if (t.mode === '40000' || !inScope(rel)) return false;
    const now = current.files.get(rel);
    return (
      !now ||
      now.oid !== t.oid ||
      (now.kind === 'link') !== (t.mode === '120000') ||
      !lstatOrUndefined(abs(rel))
    );
  });
  const blobs = await readBlobs(
    args.gitDir,
    wanted.map(([, t]) => t.oid),
  );
  for (const [rel, t] of wanted) {
    const body = blobs.get(t.oid) ?? Buffer.alloc(0);
    const path = abs(rel);
    const st = lstatOrUndefined(path);
    if (st) rmSync(path, { force: true, recursive: true });
    if (t.mode === '120000') symlinkSync(body.toString(), path);
    else writeFileSync(path, body, { flag: 'wx', mode: 0o600 });
    changed.push(rel);
  }

  // Exact modes: files, then folders deepest first, then the root.
  for (const [rel, t] of entries) {
    if (t.mode === '40000' || t.mode === '120000' || !inScope(rel)) continue;
    const perm = permOf(rel, t);
    if ((lstatSync(abs(rel)).mode & 0o7777) !== perm) chmodSync(abs(rel), perm);
  }
  for (const [rel, t] of targetDirs.reverse()) {
    const perm = permOf(rel, t);
    if ((lstatSync(abs(rel)).mode & 0o7777) !== perm) chmodSync(abs(rel), perm);
  }
  if (only === undefined) chmodSync(root, manifest.modes[''] ?? 0o755);
  return changed;
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
