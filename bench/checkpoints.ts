// Checkpoints on a 20,000-file tree (~140 MB) made in a temp folder and removed afterwards.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointStore } from '../src-main/checkpoints';
import { median, round } from '../src-shared/stats';

const DIRS = 2_000;
const FILES_PER_DIR = 10;
const FILE_BYTES = 7_000;

function content(seed: number): string {
  const line = `export const value${seed} = ${seed * 7919} // generated line for the checkpoint bench\n`;
  return line.repeat(Math.ceil(FILE_BYTES / line.length)).slice(0, FILE_BYTES);
}

function makeTree(root: string): void {
  for (let d = 0; d < DIRS; d++) {
    const dir = join(root, `pkg${d % 20}`, `mod${d}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < FILES_PER_DIR; f++)
      writeFileSync(join(dir, `file${f}.ts`), content(d * FILES_PER_DIR + f));
  }
}

/** Ten files of one turn: edits spread over the tree. */
function editTen(root: string, turn: number): void {
  for (let i = 0; i < 10; i++) {
    const d = (turn * 97 + i * 181) % DIRS;
    writeFileSync(join(root, `pkg${d % 20}`, `mod${d}`, `file${i}.ts`), content(turn * 1000 + i));
  }
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await run();
  return [performance.now() - start, result];
}

export async function benchCheckpoints(): Promise<Record<string, number>> {
  const base = mkdtempSync(join(tmpdir(), 'caduceus-bench-ck-'));
  const workspace = join(base, 'ws');
  const home = join(base, 'home');
  mkdirSync(workspace);
  const store = await CheckpointStore.open({ home, watch: true });
  try {
    makeTree(workspace);
    const [first] = await timed(() => store.take({ workspace, session: 'bench', turn: 0 }));
    // Let the kernel write back the 140 MB tree and the first snapshot before timing turns:
    // otherwise every small write below waits behind that flush.
    execFileSync('sync');
    const incremental: number[] = [];
    const restores: number[] = [];
    for (let turn = 1; turn <= 7; turn++) {
      editTen(workspace, turn);
      const [ms, before] = await timed(() => store.take({ workspace, session: 'bench', turn }));
      incremental.push(ms);
      if (turn % 2 === 0) {
        // Revert the turn before this one: the checkpoint taken before it changed its ten files.
        editTen(workspace, turn + 100);
        restores.push((await timed(() => store.restore(before.id)))[0]);
      }
    }
    // For comparison: the same store without a watcher compares every file's stat signature.
    const scanning = await CheckpointStore.open({ home, watch: false });
    await scanning.take({ workspace, session: 'bench', turn: 99 });
    editTen(workspace, 200);
    const [scanMs] = await timed(() => scanning.take({ workspace, session: 'bench', turn: 100 }));
    scanning.close();
    return {
      checkpoint_first_ms: round(first),
      checkpoint_incremental_ms: round(median(incremental)),
      checkpoint_restore_turn_ms: round(median(restores)),
      checkpoint_incremental_stat_scan_ms: round(scanMs),
    };
  } finally {
    store.close();
    rmSync(base, { recursive: true, force: true });
  }
}
