/**
 * A workspace state as a stored tree: `files/` (the workspace, `.git` names escaped, empty
 * folders kept as empty trees) and `manifest.json` (modes git cannot hold, what was left out).
 * Only folders with something changed are hashed again.
 */
import { escapeName } from './names';
import type { ObjectWriter, TreeEntry } from './objects';
import type { LeftOut } from './types';
import { join, type WorkspaceState } from './workspaceState';

export interface Manifest {
  version: 1;
  /** Exact permission bits where git's 644/755 (files) or 755 (folders) would be wrong; '' is the root. */
  modes: Record<string, number>;
  left_out: LeftOut[];
}

const gitMode = (kind: 'file' | 'link', mode: number) =>
  kind === 'link' ? '120000' : mode & 0o100 ? '100755' : '100644';

/** The permission bits git's mode gives back on restore. */
export const defaultPerm = (gitMode: string) => (gitMode === '100755' || gitMode === '40000' ? 0o755 : 0o644);

function buildDir(state: WorkspaceState, writer: ObjectWriter, dir: string): string {
  const cached = state.trees.get(dir);
  if (cached) return cached;
  const entries: TreeEntry[] = [];
  for (const name of state.children.get(dir) ?? []) {
    const rel = join(dir, name);
    const file = state.files.get(rel);
    if (file) entries.push({ mode: gitMode(file.kind, file.mode), name: escapeName(name), oid: file.oid });
    else if (state.dirs.has(rel))
      entries.push({ mode: '40000', name: escapeName(name), oid: buildDir(state, writer, rel) });
  }
  const oid = writer.tree(entries);
  state.trees.set(dir, oid);
  return oid;
}

export function manifestOf(state: WorkspaceState, rootMode: number): Manifest {
  const modes: Record<string, number> = Object.fromEntries(state.modes);
  if (rootMode !== 0o755) modes[''] = rootMode;
  const leftOut = [...state.leftOut.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  return { version: 1, modes, left_out: leftOut };
}

/** Writes the state's tree and manifest; returns the top tree's id. */
export function writeSnapshot(state: WorkspaceState, writer: ObjectWriter, rootMode: number): string {
  const files = buildDir(state, writer, '');
  const manifest = writer.write('blob', Buffer.from(JSON.stringify(manifestOf(state, rootMode))));
  return writer.tree([
    { mode: '40000', name: 'files', oid: files },
    { mode: '100644', name: 'manifest.json', oid: manifest },
  ]);
}
