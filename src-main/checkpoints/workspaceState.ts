/**
 * What the store knows of one workspace: every file's stat signature and object id, its
 * folders, what was left out, and the tree id of each folder until something in it changes.
 * Paths are relative, `/`-separated, unescaped; the root folder is ''.
 */
import { readFileSync } from 'node:fs';
import { writeAtomicSync } from '../config/atomicFile';
import type { LeftOut } from './types';

export interface FileRecord {
  kind: 'file' | 'link';
  mode: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  oid: string;
  /** Changed so close to its hashing that an equal signature proves nothing. */
  racy?: boolean;
}

export interface DirRecord {
  mode: number;
  ino: number;
}

export const parentOf = (rel: string) => (rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
export const baseOf = (rel: string) => rel.slice(rel.lastIndexOf('/') + 1);
export const join = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

export class WorkspaceState {
  readonly files = new Map<string, FileRecord>();
  /** Folders, their mode and inode; the root is not listed. */
  readonly dirs = new Map<string, DirRecord>();
  readonly leftOut = new Map<string, LeftOut>();
  readonly children = new Map<string, Set<string>>([['', new Set()]]);
  /** Tree ids of folders with nothing changed since they were built. */
  readonly trees = new Map<string, string>();
  /** Exact permission bits where git's 644/755 (files) or 755 (folders) would be wrong. */
  readonly modes = new Map<string, number>();
  /** Files changed since the last checkpoint, with their object id then (null: absent). */
  private readonly changes = new Map<string, string | null>();
  /** The store generation these object ids belong to; a prune that dropped objects bumps it. */
  generation = 0;

  /** Marks `rel`'s folder and every folder above it as changed. */
  touch(rel: string): void {
    for (let dir = parentOf(rel); ; dir = parentOf(dir)) {
      this.trees.delete(dir);
      if (dir === '') return;
    }
  }

  private link(rel: string): void {
    const parent = parentOf(rel);
    let set = this.children.get(parent);
    if (!set) this.children.set(parent, (set = new Set()));
    set.add(baseOf(rel));
    this.touch(rel);
  }

  setFile(rel: string, record: FileRecord): void {
    const before = this.files.get(rel)?.oid ?? null;
    this.forget(rel, false);
    if (before !== record.oid && !this.changes.has(rel)) this.changes.set(rel, before);
    this.files.set(rel, record);
    const perm = record.mode & 0o7777;
    if (record.kind === 'file' && perm !== (record.mode & 0o100 ? 0o755 : 0o644)) this.modes.set(rel, perm);
    this.link(rel);
  }

  setDir(rel: string, record: DirRecord): void {
    if (this.files.has(rel) || this.leftOut.has(rel)) this.forget(rel, false);
    if (this.dirs.get(rel)?.mode !== record.mode) this.touch(rel);
    this.dirs.set(rel, record);
    if (record.mode !== 0o755) this.modes.set(rel, record.mode);
    else this.modes.delete(rel);
    if (!this.children.has(rel)) this.children.set(rel, new Set());
    this.link(rel);
  }

  setLeftOut(rel: string, entry: LeftOut): void {
    const old = this.leftOut.get(rel);
    if (old && old.reason === entry.reason && old.size === entry.size) return;
    this.forget(rel, false);
    this.leftOut.set(rel, entry);
    this.touch(rel);
  }

  /** Drops `rel` and, for a folder, everything beneath it. */
  forget(rel: string, unlink = true): void {
    const kids = this.children.get(rel);
    if (kids && rel !== '') {
      for (const name of kids) this.forget(join(rel, name), false);
      this.children.delete(rel);
      this.trees.delete(rel);
    }
    const file = this.files.get(rel);
    if (file && !this.changes.has(rel)) this.changes.set(rel, file.oid);
    this.modes.delete(rel);
    const known = this.files.delete(rel) || this.dirs.delete(rel) || this.leftOut.delete(rel);
    if (known || unlink) {
      if (unlink) this.children.get(parentOf(rel))?.delete(baseOf(rel));
      this.touch(rel);
    }
  }

  /** Files whose content changed since the last call: id then and now (null: absent). */
  takeChanges(): { path: string; before: string | null; after: string | null }[] {
    const out: { path: string; before: string | null; after: string | null }[] = [];
    for (const [path, before] of this.changes) {
      const after = this.files.get(path)?.oid ?? null;
      if (after !== before) out.push({ path, before, after });
    }
    this.changes.clear();
    return out;
  }

  save(path: string): void {
    const data = {
      generation: this.generation,
      files: [...this.files],
      dirs: [...this.dirs],
      leftOut: [...this.leftOut],
    };
    writeAtomicSync(path, JSON.stringify(data));
  }

  static load(path: string): WorkspaceState {
    const state = new WorkspaceState();
    let data: {
      generation: number;
      files: [string, FileRecord][];
      dirs: [string, DirRecord][];
      leftOut: [string, LeftOut][];
    };
    try {
      data = JSON.parse(readFileSync(path, 'utf8')) as typeof data;
    } catch {
      return state;
    }
    state.generation = data.generation;
    for (const [rel, record] of data.dirs) state.setDir(rel, record);
    for (const [rel, record] of data.files) state.setFile(rel, record);
    for (const [rel, entry] of data.leftOut) state.setLeftOut(rel, entry);
    return state;
  }
}
