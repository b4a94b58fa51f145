import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { IPty } from 'node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../testing/backendScenarios';
import { alive } from '../testing/procs';
import type { ExitInfo, ProcessHandle } from '../types';
import { LocalBackend } from './local';
import { drainBeforeDestroy, MAX_DRAIN_BYTES } from './ptyDrain';

let backend: LocalBackend | undefined;
afterEach(async () => {
  await backend?.dispose();
  backend = undefined;
});

/**
 * Runs `command` in a PTY paused before its first output, lets it exit while paused (after
 * `whilePaused`) and the handle report that exit, then resumes: returns what arrived before the
 * exit and after it.
 */
async function runPaused(
  command: string,
  whilePaused: (handle: ProcessHandle) => Promise<void> = async () => undefined,
): Promise<{ beforeExit: string; afterExit: string; exit: ExitInfo }> {
  backend = new LocalBackend();
  const handle: ProcessHandle = await backend.spawn({ command, pty: true });
  handle.pause();
  let out = '';
  handle.onData((data) => (out += data));
  const pid = handle.pid;
  if (pid === undefined) throw new Error('a PTY has a pid');
  await whilePaused(handle);
  // The child is reaped only once node-pty knows it exited; its exit event comes after the socket.
  await until(() => !alive(pid));
  const exit = await handle.exited;
  const beforeExit = out;
  handle.resume();
  await new Promise((resolve) => setImmediate(resolve));
  return { beforeExit, afterExit: out.slice(beforeExit.length), exit };
}

describe('a flowing PTY whose child exits right after a burst', () => {
  it('delivers every line, run after run', async () => {
    // The kernel can answer a read with EIO (end of file to Node) while the exited child's last
    // output is still on its way to the master: one run in three lost its tail on Linux 6.18.
    backend = new LocalBackend();
    const short: string[] = [];
    for (let run = 0; run < 40; run++) {
      const handle = await backend.spawn({ command: 'seq 1 4000', pty: true });
      let out = '';
      handle.onData((data) => (out += data));
      await handle.exited;
      const lines = out.split('\r\n');
      if (lines.length !== 4001 || lines[3999] !== '4000') short.push(`run ${run}: ${lines.at(-2)}`);
    }
    expect(short).toEqual([]);
  });
});

describe('a paused PTY whose child exits', () => {
  it('delivers every line the child wrote, once, in order, before the exit', async () => {
    const { beforeExit, afterExit } = await runPaused('seq 1 2000');
    const lines = beforeExit.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBe(2000);
    expect(lines).toEqual(Array.from({ length: 2000 }, (_, i) => String(i + 1)));
    expect(afterExit).toBe('');
  });

  it('keeps multi-byte characters whole across what was read and what is drained', async () => {
    // Only 4-byte characters: a read of a byte count that is no multiple of 4 (the kernel hands
    // out 4095 at most) ends mid-character, so the drain has to carry the rest of one over.
    const { beforeExit, afterExit } = await runPaused("printf '😀%.0s' $(seq 1 2500)");
    expect(beforeExit).not.toContain('\ufffd');
    expect(beforeExit).toBe('😀'.repeat(2500));
    expect(afterExit).toBe('');
  });

  it('still ends when killed while paused, after what it wrote before the kill', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'caduceus-ptydrain-'));
    try {
      const ready = join(dir, 'ready');
      const { beforeExit, exit } = await runPaused(`echo ready; : > ${ready}; sleep 60`, async (handle) => {
        await until(() => existsSync(ready));
        await handle.kill('SIGKILL');
      });
      expect(exit).toEqual({ exitCode: null, signal: 'SIGKILL' });
      expect(beforeExit).toBe('ready\r\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stops draining at a bound when the other end never runs dry', () => {
    // /dev/zero stands in for a PTY a grandchild keeps writing to: it never says EAGAIN or EIO.
    const fd = openSync('/dev/zero', 'r');
    try {
      const socket = new Readable({ read: () => undefined });
      socket.setEncoding('utf8');
      let drained = 0;
      socket.on('data', (chunk: string) => (drained += chunk.length));
      socket.pause();
      drainBeforeDestroy({ _fd: fd, _socket: socket } as unknown as IPty, () => undefined);
      socket.destroy();
      expect(socket.destroyed).toBe(true);
      expect(drained).toBe(MAX_DRAIN_BYTES);
    } finally {
      closeSync(fd);
    }
  });
});
