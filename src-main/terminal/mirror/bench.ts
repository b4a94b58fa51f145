/**
 * Mirror benchmarks: how long a snapshot of a full scrollback takes, and the memory each mirrored
 * agent stream holds while its command floods a PTY that no page acknowledges.
 */
import { TerminalService } from '../service';
import { MirrorWorker } from './workerMirror';

const SCROLLBACK = 10_000;

/**
 * Median ms from asking for a snapshot of a mirror whose scrollback is full (10k coloured lines)
 * to holding it in main: serialized in the worker and posted back.
 */
export async function snapshotMs(runs = 7): Promise<number> {
  const worker = new MirrorWorker();
  const mirror = worker.create({ cols: 120, rows: 40, scrollback: SCROLLBACK });
  try {
    for (let i = 0; i < SCROLLBACK + 40; i++)
      mirror.write(`\x1b[3${i % 8}mline ${i}\x1b[0m ${'text '.repeat(15)}\x1b[1mbold\x1b[0m\r\n`);
    await mirror.snapshot();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await mirror.snapshot();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] ?? NaN;
  } finally {
    worker.dispose();
  }
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const retained = (): number => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/**
 * Memory per mirrored stream while `streams` agent commands flood PTYs for `floodMs` and no page
 * acknowledges: peak RSS growth (noisy: it counts garbage not yet collected) and what is still
 * held after a full GC with the mirrors live (their bounded buffers).
 */
export async function mirrorMemoryPerStream(
  streams = 4,
  floodMs = 10_000,
): Promise<{ rssMb: number; retainedMb: number }> {
  const service = new TerminalService({ onEvent: () => undefined });
  try {
    gc();
    const baseline = process.memoryUsage().rss;
    const baselineRetained = retained();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const started = await Promise.all(
      Array.from({ length: streams }, (_, i) =>
        service.run({
          taskId: `flood-${i}`,
          toolCallId: `flood-${i}`,
          // Coloured lines, so cells carry attributes as real output does.
          command: `yes "$(printf '\\033[32mflood\\033[0m %.0s' $(seq 20))"`,
          pty: true,
          background: true,
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, floodMs));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    gc();
    // The mirrors' buffers live in their worker's heap.
    const held = retained() + (await service.streams.mirrors.workerHeapUsed()) - baselineRetained;
    for (const run of started) if (run.status === 'started') await service.processes.kill(run.processId);
    const mb = 1024 * 1024 * streams;
    return { rssMb: (peak - baseline) / mb, retainedMb: held / mb };
  } finally {
    await service.shutdown();
  }
}
