/** An OutputStream whose events are recorded and whose source records pauses, for its tests. */
import { vi } from 'vitest';
import { OutputStream, type OutputStreamOptions } from '../outputStream';
import type { TerminalStreamEvent } from '../streamEvents';

export const streamTags = { taskId: 't', toolCallId: 'c', streamId: 's' };

export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

export function recordedStream(options: OutputStreamOptions = {}) {
  const events: TerminalStreamEvent[] = [];
  const source = {
    paused: false,
    pause: vi.fn(() => (source.paused = true)),
    resume: vi.fn(() => (source.paused = false)),
  };
  const stream = new OutputStream(streamTags, (event) => events.push(event), source, options);
  return { events, source, stream };
}

/** The snapshots among `events`, in order. */
export function snapshotsIn(events: TerminalStreamEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'data' && e.snapshot ? [e.data] : []));
}
