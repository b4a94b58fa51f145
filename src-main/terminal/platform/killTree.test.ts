import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fakeHost } from '../testing/fakeHost';
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
    const stat = await readFile(`/proc/${grandchild}/stat`, 'utf8').catch(() => '');
    expect(stat === '' || /^\d+ \(.*\) Z/.test(stat)).toBe(true);
  });
});
