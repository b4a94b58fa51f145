import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Checkpoint, CheckpointStore } from '../checkpoints';
import { caduceusHome, configPath } from '../config/paths';
import { UsageError, writeLine, type Io } from './args';

async function openStore(io: Io): Promise<{ store: CheckpointStore; enabled: boolean }> {
  const [{ CheckpointStore }, { ConfigStore }] = await Promise.all([
    import('../checkpoints'),
    import('../config/store'),
  ]);
  const home = caduceusHome(io.env);
  const config = (await new ConfigStore(configPath(home)).load()).checkpoints;
  return { store: await CheckpointStore.open({ home, config: () => config }), enabled: config.enabled };
}

async function withStore(
  io: Io,
  run: (store: CheckpointStore, enabled: boolean) => Promise<number>,
): Promise<number> {
  const { store, enabled } = await openStore(io);
  try {
    return await run(store, enabled);
  } finally {
    store.close();
  }
}

/** What a listing shows of a checkpoint: everything but the stored tree's id. */
function shown(c: Checkpoint): Omit<Checkpoint, 'tree'> {
  const { tree: _tree, ...rest } = c;
  return rest;
}

const when = (iso: string) => iso.replace('T', ' ').slice(0, 19);
const summary = (c: { files_changed: number; insertions: number; deletions: number }) =>
  `${c.files_changed} file${c.files_changed === 1 ? '' : 's'} +${c.insertions} −${c.deletions}`;

/** `caduceus checkpoints list [--session ID | --workspace DIR] [--json]` */
export async function checkpointsList(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { session: { type: 'string' }, workspace: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (values.session && values.workspace) throw new UsageError('give --session or --workspace, not both');
  return withStore(io, async (store) => {
    const rows = store.list({
      ...(values.session ? { session: values.session } : {}),
      ...(values.workspace ? { workspace: resolve(io.cwd, values.workspace) } : {}),
    });
    if (values.json) {
      writeLine(io.stdout, JSON.stringify(rows.map(shown), null, 2));
      return 0;
    }
    for (const c of rows) {
      const label = c.label ? `  (${c.label})` : '';
      writeLine(
        io.stdout,
        `${c.id}  ${when(c.created_at)}  ${c.session}  turn ${c.turn}  ${summary(c)}  ${c.workspace}${label}`,
      );
    }
    if (rows.length === 0) writeLine(io.stderr, 'No checkpoints.');
    return 0;
  });
}

function idAndFile(argv: string[], usage: string, io: Io) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { file: { type: 'string' }, json: { type: 'boolean' } },
  });
  const id = positionals[0];
  if (!id || positionals.length > 1) throw new UsageError(usage);
  return {
    id,
    file: values.file === undefined ? undefined : resolve(io.cwd, values.file),
    json: values.json,
  };
}

/** `caduceus checkpoints diff <id> [--file PATH] [--json]`: what changed since that checkpoint. */
export async function checkpointsDiff(argv: string[], io: Io): Promise<number> {
  const { id, file, json } = idAndFile(argv, 'caduceus checkpoints diff <id> [--file PATH] [--json]', io);
  return withStore(io, async (store) => {
    const diff = await store.diff(id, file === undefined ? {} : { file });
    if (json) writeLine(io.stdout, JSON.stringify(diff, null, 2));
    else {
      io.stdout.write(diff.patch);
      writeLine(io.stderr, diff.files_changed === 0 ? 'No changes since this checkpoint.' : summary(diff));
    }
    return 0;
  });
}

/** `caduceus checkpoints restore <id> [--file PATH]` */
export async function checkpointsRestore(argv: string[], io: Io): Promise<number> {
  const { id, file } = idAndFile(argv, 'caduceus checkpoints restore <id> [--file PATH]', io);
  return withStore(io, async (store) => {
    const checkpoint = store.get(id);
    const { undo, changed } = await store.restore(checkpoint.id, file === undefined ? {} : { file });
    writeLine(
      io.stdout,
      `Restored ${file ?? checkpoint.workspace} to checkpoint ${checkpoint.id} (${changed.length} paths changed).`,
    );
    writeLine(io.stdout, `To undo: caduceus checkpoints restore ${undo.id}`);
    return 0;
  });
}

/** `caduceus checkpoints prune` */
export async function checkpointsPrune(argv: string[], io: Io): Promise<number> {
  parseArgs({ args: argv, options: {} });
  return withStore(io, async (store) => {
    const dropped = await store.prune();
    writeLine(io.stdout, `Pruned ${dropped.length} checkpoint${dropped.length === 1 ? '' : 's'}.`);
    return 0;
  });
}

/** `caduceus checkpoints take [--workspace DIR] [--session ID] [--turn N] [--label TEXT] [--json]` */
export async function checkpointsTake(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      workspace: { type: 'string' },
      session: { type: 'string' },
      turn: { type: 'string' },
      label: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const turn = values.turn === undefined ? 0 : Number(values.turn);
  if (!Number.isInteger(turn) || turn < 0) throw new UsageError('--turn must be a whole number');
  return withStore(io, async (store, enabled) => {
    if (!enabled) {
      writeLine(io.stderr, 'caduceus: checkpoints are off (config.yaml checkpoints.enabled: false)');
      return 1;
    }
    const c = await store.take({
      workspace: resolve(io.cwd, values.workspace ?? '.'),
      session: values.session ?? 'cli',
      turn,
      ...(values.label ? { label: values.label } : {}),
    });
    if (values.json) writeLine(io.stdout, JSON.stringify(shown(c), null, 2));
    else {
      writeLine(io.stdout, `${c.id}  ${summary(c)}`);
      for (const l of c.left_out) writeLine(io.stderr, `left out: ${l.path} (${l.reason})`);
    }
    return 0;
  });
}
