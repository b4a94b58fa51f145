/**
 * The checkpoint store of one `$CADUCEUS_HOME`: snapshots of workspaces in a bare git
 * repository under `checkpoints/` (mode 0700), outside every workspace. One operation runs at a
 * time. With `watch`, the store keeps an inotify watch on each workspace it has seen, so a
 * snapshot looks only at what changed; without, it compares every file's stat signature.
 */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CheckpointsConfigSchema, type CheckpointsConfig } from '../config/checkpointsSchema';
import { diffCounts, diffTrees } from './diff';
import { escapePath, workspaceKey } from './names';
import { ObjectWriter } from './objects';
import { expired, sizeOf } from './prune';
import { countChanges } from './turnCounts';
import { newId, Records } from './records';
import { restoreSnapshot } from './restore';
import { Scanner } from './scanner';
import { writeSnapshot } from './snapshot';
import { git } from './storeGit';
import {
  CheckpointError,
  type Checkpoint,
  type CheckpointDiff,
  type ListFilter,
  type TakeOptions,
} from './types';
import { ChangeWatcher } from './watcher';
import { WorkspaceState } from './workspaceState';

export interface CheckpointStoreOptions {
  /** `$CADUCEUS_HOME`. */
  home: string;
  /** config.yaml `checkpoints`, read at each use. */
  config?: () => Partial<CheckpointsConfig>;
  /** Keep a watcher per workspace (the app); a one-shot CLI compares stat signatures. */
  watch?: boolean;
  now?: () => number;
}

interface Tracked {
  root: string;
  state: WorkspaceState;
  scanner: Scanner;
  watcher?: ChangeWatcher;
  /** The last full look happened: the watcher is armed on every folder. */
  armed: boolean;
  /** Last snapshot of the workspace as a checkpoint or for a diff. */
  last?: { tree: string; capApplied: boolean };
  /** The tree of the last checkpoint this store took of it: the state's changes are relative to it. */
  checkpointTree?: string;
}

export interface RestoreResult {
  /** The checkpoint of the state just before the restore: restoring it undoes the restore. */
  undo: Checkpoint;
  /** Paths written or removed. */
  changed: string[];
}

export class CheckpointStore {
  readonly dir: string;
  readonly gitDir: string;
  private readonly writer: ObjectWriter;
  private readonly records: Records;
  private readonly tracked = new Map<string, Tracked>();
  private readonly latest = new Map<string, Checkpoint | undefined>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;

  private constructor(private readonly options: CheckpointStoreOptions) {
    this.dir = join(options.home, 'checkpoints');
    this.gitDir = join(this.dir, 'store.git');
    this.writer = new ObjectWriter(this.gitDir);
    this.records = new Records(this.gitDir, this.dir);
    this.now = options.now ?? Date.now;
  }

  /** Opens (creating if need be) the store under `home`. */
  static async open(options: CheckpointStoreOptions): Promise<CheckpointStore> {
    const dir = join(options.home, 'checkpoints');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const gitDir = join(dir, 'store.git');
    if (!existsSync(join(gitDir, 'HEAD'))) await git(['init', '--bare', '--quiet', gitDir], { cwd: dir });
    mkdirSync(join(dir, 'state'), { recursive: true, mode: 0o700 });
    return new CheckpointStore(options);
  }

  config(): CheckpointsConfig {
    return CheckpointsConfigSchema.parse(this.options.config?.() ?? {});
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Snapshots the workspace as it is now. */
  take(options: TakeOptions): Promise<Checkpoint> {
    return this.serial(() => this.takeNow(options));
  }

  private async takeNow(options: TakeOptions): Promise<Checkpoint> {
    const ws = await this.snapshot(options.workspace);
    const tree = ws.last?.tree ?? '';
    const previous = this.latestOf(ws.root);
    const changes = ws.state.takeChanges();
    const counts = !previous
      ? { files_changed: 0, insertions: 0, deletions: 0 }
      : ((previous.tree === ws.checkpointTree ? countChanges(changes, this.writer) : undefined) ??
        (await diffCounts(this.gitDir, previous.tree, tree)));
    ws.checkpointTree = tree;
    const created = this.now();
    const checkpoint: Checkpoint = {
      id: newId(created),
      session: options.session,
      turn: options.turn,
      workspace: ws.root,
      ...(options.label ? { label: options.label } : {}),
      created_at: new Date(created).toISOString(),
      ...counts,
      left_out: [...ws.state.leftOut.values()],
      git_cap_applied: ws.last?.capApplied ?? false,
      tree,
    };
    await this.records.save(checkpoint);
    this.latest.set(ws.root, checkpoint);
    return checkpoint;
  }

  /** The newest checkpoint of a workspace, read from the records once per process. */
  private latestOf(root: string): Checkpoint | undefined {
    if (!this.latest.has(root))
      this.latest.set(
        root,
        this.records.all().find((c) => c.workspace === root),
      );
    return this.latest.get(root);
  }

  /** Brings the workspace's state up to date and writes its tree. */
  private async snapshot(workspace: string): Promise<Tracked> {
    const ws = this.track(workspace);
    const generation = this.generation();
    if (ws.state.generation !== generation) this.reset(ws, generation);
    let dirty: Set<string> | undefined;
    if (ws.watcher && ws.armed) {
      await ws.watcher.settle();
      dirty = ws.watcher.take();
    }
    await ws.scanner.update(dirty);
    const full = dirty === undefined;
    if (ws.watcher) ws.armed = true;
    const rootMode = lstatSync(ws.root).mode & 0o7777;
    ws.last = { tree: writeSnapshot(ws.state, this.writer, rootMode), capApplied: ws.scanner.capApplied };
    await this.writer.flush();
    if (full && !ws.watcher) ws.state.save(this.statePath(ws.root));
    return ws;
  }

  private statePath(root: string): string {
    return join(this.dir, 'state', `${workspaceKey(root)}.json`);
  }

  private track(workspace: string): Tracked {
    let root: string;
    try {
      root = realpathSync(resolve(workspace));
    } catch {
      throw new CheckpointError(`workspace ${workspace} does not exist`);
    }
    if (!lstatSync(root).isDirectory()) throw new CheckpointError(`workspace ${workspace} is not a folder`);
    let ws = this.tracked.get(root);
    if (ws) return ws;
    const state = this.options.watch ? new WorkspaceState() : WorkspaceState.load(this.statePath(root));
    ws = this.build(root, state);
    this.tracked.set(root, ws);
    return ws;
  }

  private build(root: string, state: WorkspaceState): Tracked {
    const config = this.config();
    const watcher = this.options.watch ? new ChangeWatcher(root) : undefined;
    const scanner = new Scanner(
      root,
      state,
      this.writer,
      {
        maxFileBytes: config.max_file_mb * 1024 * 1024,
        maxGitBytes: config.max_git_mb * 1024 * 1024,
        storeDir: realpathSync(this.dir),
      },
      { onDir: (rel, ino) => watcher?.add(rel, ino) },
    );
    return { root, state, scanner, armed: false, ...(watcher ? { watcher } : {}) };
  }

  private reset(ws: Tracked, generation: number): void {
    ws.watcher?.close();
    const fresh = this.build(ws.root, new WorkspaceState());
    fresh.state.generation = generation;
    Object.assign(ws, fresh);
  }

  private generation(): number {
    try {
      return Number(readFileSync(join(this.dir, 'generation'), 'utf8')) || 0;
    } catch {
      return 0;
    }
  }

  /** Checkpoints, newest first. */
  list(filter: ListFilter = {}): Checkpoint[] {
    const workspace = filter.workspace ? canonical(filter.workspace) : undefined;
    return this.records
      .all()
      .filter(
        (c) => (!filter.session || c.session === filter.session) && (!workspace || c.workspace === workspace),
      );
  }

  /** The checkpoint with this id (or a unique prefix of it). */
  get(id: string): Checkpoint {
    return this.records.get(id);
  }

  /** What changed in the workspace since checkpoint `id` (or in one path of it). */
  diff(id: string, options: { file?: string } = {}): Promise<CheckpointDiff> {
    return this.serial(async () => {
      const checkpoint = this.records.get(id);
      const file = options.file === undefined ? undefined : inside(checkpoint.workspace, options.file);
      const ws = await this.snapshot(checkpoint.workspace);
      return diffTrees(this.gitDir, checkpoint.tree, ws.last?.tree ?? '', file);
    });
  }

  /** What changed from checkpoint `from` to checkpoint `to` (a turn's own changes: its checkpoint to the next). */
  diffBetween(from: string, to: string, options: { file?: string } = {}): Promise<CheckpointDiff> {
    const a = this.records.get(from);
    const b = this.records.get(to);
    if (a.workspace !== b.workspace)
      throw new CheckpointError('the two checkpoints are of different workspaces');
    const file = options.file === undefined ? undefined : inside(a.workspace, options.file);
    return diffTrees(this.gitDir, a.tree, b.tree, file);
  }

  /**
   * Puts the workspace (or one path) back as it was at checkpoint `id`, after checkpointing the
   * current state so the restore can itself be undone.
   */
  restore(
    id: string,
    options: { file?: string; session?: string; turn?: number } = {},
  ): Promise<RestoreResult> {
    return this.serial(async () => {
      const checkpoint = this.records.get(id);
      const only = options.file === undefined ? undefined : inside(checkpoint.workspace, options.file);
      if (only !== undefined) await this.mustKnow(checkpoint, only);
      const undo = await this.takeNow({
        workspace: checkpoint.workspace,
        session: options.session ?? checkpoint.session,
        turn: options.turn ?? checkpoint.turn,
        label: `before restoring ${checkpoint.id}${only ? ` (${only})` : ''}`,
      });
      const ws = this.track(checkpoint.workspace);
      const changed = await restoreSnapshot({
        root: ws.root,
        gitDir: this.gitDir,
        writer: this.writer,
        target: checkpoint.tree,
        current: undo.tree,
        currentLeftOut: undo.left_out,
        ...(only !== undefined ? { only } : {}),
      });
      return { undo, changed };
    });
  }

  /** A path to restore must be in the checkpoint or in the workspace now. */
  private async mustKnow(checkpoint: Checkpoint, rel: string): Promise<void> {
    const { stdout } = await git(['ls-tree', `${checkpoint.tree}:files`, '--', escapePath(rel)], {
      gitDir: this.gitDir,
    });
    if (stdout.length > 0 || existsSync(join(checkpoint.workspace, rel))) return;
    // A dangling link is there too, though existsSync says not.
    if (!lstatSync(join(checkpoint.workspace, rel), { throwIfNoEntry: false }))
      throw new CheckpointError(`${rel} is in neither checkpoint ${checkpoint.id} nor the workspace`);
  }

  /** Drops checkpoints past retention and the objects only they held; returns the ids dropped. */
  prune(): Promise<string[]> {
    return this.serial(async () => {
      const config = this.config();
      const all = this.records.all();
      const drop = expired(all, config, this.now());
      const dropped = new Set(drop.map((c) => c.id));
      for (const c of drop) this.records.remove(c.id);
      this.latest.clear();
      const limit = config.max_size_mb * 1024 * 1024;
      const left = all.filter((c) => !dropped.has(c.id));
      if (drop.length > 0) await this.collect();
      while (left.length > 1 && sizeOf(join(this.gitDir, 'objects')) > limit) {
        this.latest.clear();
        for (const c of left.splice(-Math.max(1, Math.floor(left.length / 10)))) {
          this.records.remove(c.id);
          dropped.add(c.id);
        }
        await this.collect();
      }
      return [...dropped];
    });
  }

  /** Deletes unreachable objects; snapshots' cached object ids are then stale, in every process. */
  private async collect(): Promise<void> {
    await git(['prune', '--expire=now'], { gitDir: this.gitDir });
    writeFileSync(join(this.dir, 'generation'), String(this.generation() + 1), { mode: 0o600 });
  }

  /** Resolves once the work queued so far (a snapshot, a prune) has finished. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Stops the watchers. */
  close(): void {
    for (const ws of this.tracked.values()) ws.watcher?.close();
    this.tracked.clear();
  }
}

function canonical(workspace: string): string {
  try {
    return realpathSync(resolve(workspace));
  } catch {
    return resolve(workspace);
  }
}

/** A path given for one file, as a workspace-relative path; outside the workspace is an error. */
export function inside(workspace: string, file: string): string {
  const abs = isAbsolute(file) ? resolve(file) : resolve(workspace, file);
  const rel = relative(workspace, abs);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
    throw new CheckpointError(`${file} is not inside the workspace ${workspace}`);
  return rel.split(sep).join('/');
}
