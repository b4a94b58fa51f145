/**
 * Brings a workspace's state up to date: a whole walk, or only the paths a watcher saw change.
 * A file whose stat signature is unchanged is not read; one that changed is hashed into the
 * store. Bulky ignored folders, files over the size limit, special files and `.git` data past
 * the per-checkpoint cap are left out and recorded as such.
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync, type Stats } from 'node:fs';
import { join as joinPath } from 'node:path';
import { ignoredAmong } from './ignored';
import { inGitDir } from './names';
import type { ObjectWriter } from './objects';
import { baseOf, join, type WorkspaceState } from './workspaceState';

/** Folder names of generated output, left out when git ignores them (or there is no repository). */
export const BULKY = new Set([
  'node_modules',
  'bower_components',
  '.venv',
  'venv',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.tox',
  'dist',
  'build',
  'out',
  'target',
  '.next',
  '.nuxt',
  '.turbo',
  '.parcel-cache',
  '.cache',
  '.gradle',
  'coverage',
]);

export interface ScanLimits {
  maxFileBytes: number;
  maxGitBytes: number;
  /** The checkpoint store itself, when it lies inside the workspace (a workspace of ~). */
  storeDir?: string;
}

export interface ScanHooks {
  /** A folder seen (to watch); its inode tells a folder put in the place of another. */
  onDir?: (rel: string, ino: number) => void;
}

/** A whole walk, a path a watcher reported, or a name read in a reported folder. */
type Look = 'full' | 'dirty' | 'child';

/** How far a file may have changed after its hashing and still look the same. */
const RACY_MS = 2_000;

export class Scanner {
  private gitBytes = 0;
  capApplied = false;
  /** Bulky folders git was asked about, by path: ignored or not. */
  private readonly ignoreAnswers = new Map<string, boolean>();
  private pendingBulky: string[] = [];

  constructor(
    private readonly root: string,
    private readonly state: WorkspaceState,
    private readonly writer: ObjectWriter,
    private readonly limits: ScanLimits,
    private readonly hooks: ScanHooks = {},
  ) {}

  /** Examines `paths` (everything when undefined) and returns once the state matches the disk. */
  async update(paths?: Iterable<string>): Promise<void> {
    this.gitBytes = 0;
    this.capApplied = false;
    if (paths === undefined) this.walk('', 'full');
    else for (const rel of paths) if (!this.insideLeftOut(rel)) this.examine(rel, 'dirty');
    while (this.pendingBulky.length > 0) {
      const asked = this.pendingBulky;
      this.pendingBulky = [];
      const ignored = await ignoredAmong(this.root, asked);
      for (const rel of asked) {
        this.ignoreAnswers.set(rel, ignored.has(rel));
        this.examine(rel, 'full');
      }
    }
  }

  private insideLeftOut(rel: string): boolean {
    for (let at = rel; at.includes('/');) {
      at = at.slice(0, at.lastIndexOf('/'));
      if (this.state.leftOut.has(at)) return true;
    }
    return false;
  }

  private walk(dir: string, how: Look): void {
    if (dir === '') this.hooks.onDir?.('', 0);
    const abs = dir === '' ? this.root : joinPath(this.root, dir);
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      return;
    }
    const seen = new Set(names);
    for (const name of [...(this.state.children.get(dir) ?? [])])
      if (!seen.has(name)) this.state.forget(join(dir, name));
    for (const name of names) this.examine(join(dir, name), how);
  }

  private examine(rel: string, how: Look): void {
    let st: Stats | undefined;
    try {
      st = lstatSync(joinPath(this.root, rel));
    } catch {
      st = undefined;
    }
    if (!st) return this.state.forget(rel);
    if (st.isDirectory()) return this.directory(rel, st, how);
    if (st.isFile() || st.isSymbolicLink()) return this.file(rel, st);
    this.state.setLeftOut(rel, { path: rel, reason: 'special-file' });
  }

  private directory(rel: string, st: Stats, how: Look): void {
    if (this.limits.storeDir && joinPath(this.root, rel) === this.limits.storeDir)
      return this.state.setLeftOut(rel, { path: rel, reason: 'checkpoint-store' });
    if (BULKY.has(baseOf(rel)) && !inGitDir(rel)) {
      const ignored = this.ignoreAnswers.get(rel);
      if (ignored === undefined) {
        this.pendingBulky.push(rel);
        return;
      }
      if (ignored) return this.state.setLeftOut(rel, { path: rel, reason: 'ignored-bulky' });
    }
    const known = this.state.dirs.get(rel)?.ino === st.ino;
    this.state.setDir(rel, { mode: st.mode & 0o7777, ino: st.ino });
    this.hooks.onDir?.(rel, st.ino);
    // A folder new here is walked whole; one seen changing is read again, as names in it may
    // have come and gone unwatched.
    if (how === 'full' || !known) this.walk(rel, 'full');
    else if (how === 'dirty') this.walk(rel, 'child');
  }

  private file(rel: string, st: Stats): void {
    const kind = st.isSymbolicLink() ? 'link' : 'file';
    const old = this.state.files.get(rel);
    if (
      old &&
      !old.racy &&
      old.kind === kind &&
      old.size === st.size &&
      old.mtimeMs === st.mtimeMs &&
      old.ctimeMs === st.ctimeMs &&
      old.ino === st.ino
    ) {
      if (old.mode !== st.mode) this.state.setFile(rel, { ...old, mode: st.mode });
      return;
    }
    const git = inGitDir(rel);
    if (kind === 'file' && !git && st.size > this.limits.maxFileBytes)
      return this.state.setLeftOut(rel, { path: rel, reason: 'too-large', size: st.size });
    if (kind === 'file' && git) {
      if (this.gitBytes + st.size > this.limits.maxGitBytes) {
        this.capApplied = true;
        return this.state.setLeftOut(rel, { path: rel, reason: 'git-cap', size: st.size });
      }
      this.gitBytes += st.size;
    }
    const abs = joinPath(this.root, rel);
    let body: Buffer;
    try {
      body = kind === 'link' ? Buffer.from(readlinkSync(abs)) : readFileSync(abs);
    } catch {
      return this.state.forget(rel);
    }
    const oid = this.writer.write('blob', body);
    const racy = Date.now() - st.mtimeMs < RACY_MS;
    this.state.setFile(rel, {
      kind,
      mode: st.mode,
      size: st.size,
      mtimeMs: st.mtimeMs,
      ctimeMs: st.ctimeMs,
      ino: st.ino,
      oid,
      ...(racy ? { racy } : {}),
    });
  }
}
