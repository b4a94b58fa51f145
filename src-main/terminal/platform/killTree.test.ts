import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { fakeHost } from '../testing/fakeHost';
import { STAT, statFields } from '../processGroup';
import { realHost } from './host';
import { killTree } from './killTree';

describe('killTree', () => {
  it('on Windows ends the whole tree with taskkill /T /F', async () => {
    const host = fakeHost({ platform: 'win32', programs: { taskkill: () => ({ exitCode: 0 }) } });
    expect(await killTree(host, 4242, 'SIGTERM')).toBe(true);
    expect(host.calls.map((c) => [c.file, ...c.args])).toEqual([['taskkill', '/pid', '4242', '/T', '/F']]);
  });

  it('on Linux signals the process group, grandchildren included', async () => {
    const child = spawn('/bin/sh', ['-c', 'sleep 600 & echo $!; wait'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const grandchild = await new Promise<number>((resolve) =>
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const exited = new Promise((resolve) => child.on('close', resolve));
    expect(await killTree(realHost(), child.pid ?? 0, 'SIGKILL')).toBe(true);
    await exited;
    // Signalled at once, the grandchild is gone only once it next runs: a busy machine may not
    // have run it yet when its parent's exit is heard.
    await vi.waitFor(async () => {
      const stat = await readFile(`/proc/${grandchild}/stat`, 'utf8').catch(() => '');
      expect(stat === '' || /^\d+ \(.*\) Z/.test(stat)).toBe(true);
    });
  });

  it('on Linux also ends descendants that left the group for a session of their own', async () => {
    // As `bwrap --new-session` does for a sandboxed command.
    const child = spawn('/bin/sh', ['-c', 'setsid sleep 600 & echo $!; wait'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const escaped = await new Promise<number>((resolve) =>
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    );
    const exited = new Promise((resolve) => child.on('close', resolve));
    await vi.waitFor(() => expect(Number(statFields(escaped)?.[STAT.session])).toBe(escaped));
    expect(await killTree(realHost(), child.pid ?? 0, 'SIGKILL')).toBe(true);
    await exited;
    await vi.waitFor(async () => {
      const stat = await readFile(`/proc/${escaped}/stat`, 'utf8').catch(() => '');
      expect(stat === '' || /^\d+ \(.*\) Z/.test(stat)).toBe(true);
    });
  });
});
