import { afterEach, describe, expect, it } from 'vitest';
import type { TerminalMirror } from './mirror';
import { MirrorHub } from './mirrorHub';
import { MirrorWorker } from './workerMirror';

// The mirror worker may die (a crash, an exit): it is reported once, nothing waits on it for
// ever, and mirrors made afterwards get a new worker.

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const parsed = (mirror: TerminalMirror): Promise<void> =>
  new Promise((resolve) => mirror.whenBelow(1, resolve));

const disposables: Array<{ dispose(): void }> = [];
afterEach(() => disposables.splice(0).forEach((d) => d.dispose()));

describe('a mirror worker that dies', () => {
  it('is reported once with the reason; owed snapshots settle and a later mirror works', async () => {
    const stopped: string[] = [];
    const host = new MirrorWorker({ onStopped: (reason) => stopped.push(reason) });
    disposables.push(host);
    const lost = host.create({ cols: 20, rows: 5 });
    lost.write('before\r\n');
    expect((await lost.snapshot()).data).toContain('before');
    const thread = host.thread;
    if (!thread) throw new Error('the worker should run');

    const owed = lost.snapshot();
    void thread.terminate();
    // Answered before the end, or failed by it: either way it settles.
    await Promise.allSettled([owed]);
    await until(() => stopped.length > 0);
    expect(stopped).toEqual([expect.stringMatching(/exit code 1/)]);

    // The lost mirror holds nothing back and answers at once.
    lost.write('x'.repeat(1_000_000));
    expect(lost.backlog).toBe(0);
    await parsed(lost);
    await expect(lost.snapshot()).rejects.toThrow(/stopped/);

    const fresh = host.create({ cols: 20, rows: 5 });
    fresh.write('after\r\n');
    expect((await fresh.snapshot()).data).toContain('after');
    expect(host.thread).not.toBe(thread);
    host.dispose();
    expect(stopped).toHaveLength(1);
  });

  it('a hub logs it, releases the lost screen when its stream ends, and mirrors new ones', async () => {
    const errors: string[] = [];
    const logger = { error: (m: string) => errors.push(m), warn: () => {}, info: () => {}, debug: () => {} };
    const hub = new MirrorHub({ logger });
    disposables.push(hub);
    const mirror = hub.acquire('task:a', 'stream_1', 'call_1');
    mirror.write('one\r\n');
    await mirror.snapshot();
    await hub.workerThread()?.terminate();
    await until(() => errors.length > 0);
    expect(errors).toEqual([expect.stringMatching(/mirror worker stopped.*exit code 1/i)]);

    await hub.release('task:a', 'stream_1', 0);
    expect(hub.liveCount).toBe(0);
    const next = hub.acquire('task:a', 'stream_2', 'call_2');
    expect(next).not.toBe(mirror);
    next.write('two\r\n');
    expect((await next.snapshot()).data).toContain('two');
    expect(errors).toHaveLength(1);
  });
});
