/**
 * Sandbox benchmarks: the latency a sandbox adds to one command (median over interleaved runs
 * of `true`, sandboxed and not), how long the wrap itself takes, and PTY throughput inside the
 * sandbox next to outside it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, round } from '../../src-shared/stats';
import { Sandbox } from '../sandbox/sandbox';
import { TerminalService } from './service';

const PRODUCER = 'head -c 16000000 /dev/zero | base64';
const PTY_ROUNDS = 3;
const RUNS = 40;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function ptyMbPerSecond(service: TerminalService): Promise<number> {
  let chars = 0;
  const started = performance.now();
  await service.run({
    taskId: 'bench',
    toolCallId: 'pty',
    command: PRODUCER,
    pty: true,
    timeout: 600,
    onData: (data) => (chars += data.length),
  });
  return chars / 1e6 / ((performance.now() - started) / 1000);
}

export async function benchSandbox(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'caduceus-sandbox-bench-'));
  const sandbox = new Sandbox({}, { caduceusHome: join(dir, '.caduceus') });
  if (sandbox.status().effective === 'unavailable') throw new Error(sandbox.status().reason);
  const config = { local: { cwd: dir } };
  const bare = new TerminalService({ config });
  const boxed = new TerminalService({ config, sandbox });
  try {
    const run = (service: TerminalService) => () =>
      service.run({ taskId: 'bench', toolCallId: 'true', command: 'true' });
    // Warm both (shell lookup, state files, the first workspace scan).
    await run(bare)();
    await run(boxed)();
    const added: number[] = [];
    const wraps: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const plain = await timed(run(bare));
      const sandboxed = await timed(run(boxed));
      added.push(sandboxed - plain);
      wraps.push(
        await timed(async () => {
          const wrapped = await sandbox.wrap({
            command: 'true',
            shell: '/bin/bash',
            workspace: dir,
            tmpDir: dir,
          });
          await wrapped.release();
        }),
      );
    }
    // Alternated, so a neighbour's load falls on both sides alike.
    const bareRates: number[] = [];
    const boxedRates: number[] = [];
    for (let i = 0; i < PTY_ROUNDS; i++) {
      bareRates.push(await ptyMbPerSecond(bare));
      boxedRates.push(await ptyMbPerSecond(boxed));
    }
    const ptyBare = median(bareRates);
    const ptyBoxed = median(boxedRates);
    return {
      sandbox_spawn_overhead_ms: round(median(added), 1),
      sandbox_wrap_ms: round(median(wraps), 1),
      sandbox_pty_mb_s: round(ptyBoxed, 1),
      unsandboxed_pty_mb_s: round(ptyBare, 1),
      sandbox_pty_mb_s_vs_unsandboxed_pct: round((ptyBoxed / ptyBare) * 100, 1),
    };
  } finally {
    await Promise.all([bare.shutdown(), boxed.shutdown()]);
    await sandbox.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}
