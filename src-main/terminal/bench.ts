/**
 * Terminal benchmarks: throughput of a local PTY into the flow-controlled event stream (with a
 * consumer that acknowledges like the UI does) next to raw node-pty, and the memory held while a
 * flooding PTY's consumer stops acknowledging. Returns figures; printing is the caller's job.
 */
import { FlowControl } from '../../src-shared/constants';
import { round } from '../../src-shared/stats';
import { mirrorMemoryPerStream, snapshotMs } from './mirror/bench';
import { TerminalService } from './service';

const PRODUCER = 'head -c 64000000 /dev/zero | base64';

export interface BenchTerminalOptions {
  /** How long `yes` floods a PTY nobody acknowledges (default 20 s). */
  floodMs?: number;
}

/** MB/s (counting characters) of the producer through a bare node-pty, and the characters it wrote. */
export async function rawPtyMbPerSecond(): Promise<{ mbPerS: number; chars: number }> {
  const pty = await import('node-pty');
  const started = performance.now();
  let chars = 0;
  const term = pty.spawn('/bin/sh', ['-c', PRODUCER], { cols: 120, rows: 40 });
  term.onData((data) => (chars += data.length));
  await new Promise<void>((resolve) => term.onExit(() => resolve()));
  return { mbPerS: chars / 1e6 / ((performance.now() - started) / 1000), chars };
}

/**
 * How fast the producer runs while its output streams to a consumer that acknowledges like the UI
 * (the producer writes `produced` characters), and how many characters that consumer was sent: an
 * agent's command is never held back, so a consumer past its live budget gets snapshots instead.
 */
async function streamed(produced: number): Promise<{ mbPerS: number; deliveredChars: number }> {
  let chars = 0;
  let unacked = 0;
  const service: TerminalService = new TerminalService({
    onEvent: (event) => {
      if (event.type !== 'data') return;
      chars += event.data.length;
      unacked += event.data.length;
      // Acknowledge in steps and asynchronously, as the renderer does after xterm has parsed the data.
      while (unacked >= FlowControl.charCountAckSize) {
        setImmediate(() => service.ack(event.streamId, FlowControl.charCountAckSize));
        unacked -= FlowControl.charCountAckSize;
      }
    },
  });
  try {
    const started = performance.now();
    await service.run({ taskId: 'bench', toolCallId: 'bench', command: PRODUCER, pty: true, timeout: 600 });
    return { mbPerS: produced / 1e6 / ((performance.now() - started) / 1000), deliveredChars: chars };
  } finally {
    await service.shutdown();
  }
}

async function floodRssGrowthMb(floodMs: number): Promise<number> {
  const service = new TerminalService({ onEvent: () => undefined });
  try {
    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const started = await service.run({
      taskId: 'bench',
      toolCallId: 'flood',
      command: 'yes',
      pty: true,
      background: true,
    });
    await new Promise((resolve) => setTimeout(resolve, floodMs));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (started.status === 'started') await service.processes.kill(started.processId);
    return (peak - baseline) / (1024 * 1024);
  } finally {
    await service.shutdown();
  }
}

export async function benchTerminal(options: BenchTerminalOptions = {}): Promise<Record<string, number>> {
  const raw = await rawPtyMbPerSecond();
  const stream = await streamed(raw.chars);
  const rssGrowth = await floodRssGrowthMb(options.floodMs ?? 20_000);
  const snapshot = await snapshotMs();
  const mirror = await mirrorMemoryPerStream();
  return {
    snapshot_ms: round(snapshot, 1),
    mirror_rss_mb_per_stream: round(mirror.rssMb, 1),
    mirror_retained_mb_per_stream: round(mirror.retainedMb, 1),
    terminal_raw_pty_mb_per_s: round(raw.mbPerS, 1),
    terminal_stream_mb_per_s: round(stream.mbPerS, 1),
    terminal_stream_vs_raw_percent: round((stream.mbPerS / raw.mbPerS) * 100, 1),
    terminal_stream_delivered_chars: stream.deliveredChars,
    terminal_flood_peak_rss_growth_mb: round(rssGrowth, 1),
  };
}
