import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launcherArgv, statePaths, wrapCommand, type StatePaths } from './shellScript';

const shells = [
  ['bash', ['/bin/bash']],
  ['dash', ['/bin/dash']],
  ['busybox sh', ['/bin/busybox', 'sh']],
  // macOS's default shell, for a terminal.local.shell that names it.
  ['zsh', [existsSync('/bin/zsh') ? '/bin/zsh' : '/usr/bin/zsh']],
] as const;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-script-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const [name, argv] of shells) {
  describe.skipIf(!existsSync(argv[0]))(`wrapped commands under ${name}`, () => {
    let state: StatePaths;
    let n = 0;
    const run = (
      command: string,
      options: { cwd?: string; persistCwd?: boolean; saveState?: boolean } = {},
    ) => {
      const script = wrapCommand({
        command,
        state,
        persistCwd: options.persistCwd ?? true,
        saveState: options.saveState ?? true,
        cwd: options.cwd,
      });
      const result = spawnSync(argv[0], [...argv.slice(1), '-c', script], {
        encoding: 'utf8',
        cwd: '/',
        env: { PATH: process.env.PATH },
      });
      return { output: result.stdout, code: result.status };
    };

    beforeAll(() => {
      state = statePaths(dir, `${name.replace(/\W/g, '')}${n++}`);
    });

    it('persists cd and exports, prints nothing of its own, and keeps the exit code', () => {
      const setup = `cd /tmp; export A="it's \\$HOME" B='two\nlines'; echo hi; exit 4`;
      expect(run(setup)).toEqual({ output: 'hi\n', code: 4 });
      expect(run('pwd; printf "%s|%s" "$A" "$B"')).toEqual({
        output: "/tmp\nit's $HOME|two\nlines",
        code: 0,
      });
    });

    it('runs a one-off workdir without moving the environment', () => {
      expect(run('pwd; cd /usr', { cwd: '/etc', persistCwd: false }).output).toBe('/etc\n');
      expect(run('pwd').output).toBe('/tmp\n');
    });

    it('background commands read the state but do not write it', () => {
      expect(run('export A=changed; cd /; pwd', { saveState: false, persistCwd: false }).output).toBe('/\n');
      expect(run('echo "$A"; pwd').output).toBe("it's $HOME\n/tmp\n");
    });

    it('merges stderr into the output and survives syntax errors', () => {
      expect(run('echo out; echo err >&2').output).toBe('out\nerr\n');
      expect(run('fi').code).not.toBe(0);
      expect(run('pwd').output).toBe('/tmp\n');
    });
  });
}

for (const [name, argv] of shells) {
  describe.skipIf(!existsSync(argv[0]))(`the cwd snapshot under ${name}`, () => {
    let state: StatePaths;
    let base: string;
    let n = 0;
    /** Like an environment: `cwd` when one is pending, else the snapshot, else `base`. */
    const run = (command: string, cwd?: string) => {
      const script = wrapCommand({
        command,
        state,
        cwd,
        fallbackCwd: base,
        persistCwd: true,
        saveState: true,
      });
      const result = spawnSync(argv[0], [...argv.slice(1), '-c', script], {
        encoding: 'utf8',
        cwd: '/',
        env: { PATH: process.env.PATH, HOME: '/' },
      });
      return { output: result.stdout, code: result.status };
    };

    beforeEach(async () => {
      state = statePaths(dir, `snap${name.replace(/\W/g, '')}${n++}`);
      base = join(dir, `base-${name.replace(/\W/g, '')}`);
      await mkdir(join(base, 'sub'), { recursive: true });
    });

    it.each([
      ["cd sub && trap 'echo bye' EXIT", 'bye\n', 0, 'sub'],
      ["cd sub && trap 'echo bye' 0 INT", 'bye\n', 0, 'sub'],
      ['cd sub; exec true', '', 0, ''],
      ['set -e; cd sub; false', '', 1, 'sub'],
      ['cd sub; exit 3', '', 3, 'sub'],
      ["cd sub; trap 'echo bye' EXIT; exit 4", 'bye\n', 4, ''],
      ['set -C; cd sub', '', 0, 'sub'],
      ['set -u; cd sub', '', 0, 'sub'],
    ])('after %j the next command runs where it got to, or where it began', (command, output, code, next) => {
      expect(run(command, base)).toEqual({ output, code });
      expect(run('pwd').output).toBe(`${join(base, next)}\n`);
    });

    it('a later command that loses its snapshot leaves the cwd where the last one was taken', () => {
      run('cd sub', base);
      run("cd /; trap '' EXIT; exit 1");
      expect(run('pwd').output).toBe(`${join(base, 'sub')}\n`);
    });

    it('a missing or stale snapshot falls back to the environment cwd, never $HOME', async () => {
      expect(run('pwd').output).toBe(`${base}\n`);
      run('mkdir gone && cd gone && rmdir ../gone');
      expect(run('pwd').output).toBe(`${base}\n`);
    });
  });
}

describe('launcherArgv', () => {
  it('runs the script with bash when present and records the PID', () => {
    const pidFile = join(tmpdir(), `caduceus-pid-${process.pid}`);
    const argv = launcherArgv('echo "$BASH_VERSION" | cut -c1; echo $$', pidFile);
    const result = spawnSync(argv[0] ?? '', argv.slice(1), { encoding: 'utf8' });
    const [bashMajor, pid] = result.stdout.trim().split('\n');
    expect(bashMajor).toMatch(/^\d$/);
    expect(spawnSync('cat', [pidFile], { encoding: 'utf8' }).stdout.trim()).toBe(pid);
    spawnSync('rm', ['-f', pidFile]);
  });
});
