import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { PidFiles } from './pidFiles';

const run = promisify(execFile);

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('PID files of a remote backend', () => {
  it('names each command its own file, all matched by the clean-up pattern', () => {
    const files = new PidFiles('ab12cd34');
    const [first, second] = [files.next(), files.next()];
    expect(first).not.toBe(second);
    const pattern = new RegExp(`^${files.all.replace(/[.]/g, '\\.').replace('*', '[0-9]+')}$`);
    expect(first).toMatch(pattern);
    expect(second).toMatch(pattern);
    expect(new PidFiles('ffff0000').next()).not.toMatch(pattern);
  });

  it('has the next launch remove the files of commands that ended, once, and none still running', async () => {
    dir = await mkdtemp(join(tmpdir(), 'caduceus-pidfiles-'));
    const files = new PidFiles('ab12cd34');
    const ended = join(dir, 'ended.pid');
    const running = join(dir, 'running.pid');
    await writeFile(ended, '1\n');
    await writeFile(running, '2\n');
    files.ended(ended);
    const own = join(dir, 'own.pid');
    const [cmd = '', ...args] = files.launcher('echo ran', own);
    expect((await run(cmd, args)).stdout).toBe('ran\n');
    expect((await readdir(dir)).sort()).toEqual(['own.pid', 'running.pid']);
    // Handed out once: the launch after that removes nothing more.
    expect(files.launcher('true', join(dir, 'next.pid')).join(' ')).not.toContain(ended);
  });
});
