import { mkdtemp, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeHost } from '../testing/fakeHost';
import type { Host } from './host';
import { realHost } from './host';
import { loginShellOf, parseEnvOutput, resolveLoginEnv } from './loginEnv';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-loginenv-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Whether `pid` is a live process (a zombie waiting to be reaped has already ended). */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && !/^\d+ \(.*\) Z/.test(stat);
}

/** This machine, as an app started from a launcher sees it: a bare PATH and no profile applied. */
function launcherHost(shell: string, extra: Record<string, string> = {}): Host {
  return { ...realHost(), env: { HOME: home, SHELL: shell, PATH: '/usr/bin:/bin', ...extra } };
}

describe('login-shell environment (real shells on Linux)', () => {
  it("picks up what bash's login profile adds to PATH", async () => {
    await writeFile(
      join(home, '.bash_profile'),
      'echo "welcome banner"\nexport PATH="$HOME/homebrew/bin:$PATH"\nexport NVM_DIR="$HOME/.nvm"\n',
    );
    const result = await resolveLoginEnv(launcherHost('/bin/bash'));
    expect(result.source).toBe('login-shell');
    expect(result.env.PATH?.split(':')[0]).toBe(join(home, 'homebrew/bin'));
    expect(result.env.NVM_DIR).toBe(join(home, '.nvm'));
    expect(result.env.SHLVL).toBeUndefined();
    expect(result.env.CADUCEUS_RESOLVING_ENVIRONMENT).toBeUndefined();
  });

  it("picks up zsh's .zprofile and .zshrc (the macOS default shell)", async () => {
    await writeFile(join(home, '.zprofile'), 'export PATH="/opt/homebrew/bin:$PATH"\n');
    await writeFile(join(home, '.zshrc'), 'export PYENV_ROOT="$HOME/.pyenv"\nprint "rc output"\n');
    const result = await resolveLoginEnv(launcherHost('/usr/bin/zsh', { ZDOTDIR: home }));
    expect(result.source).toBe('login-shell');
    expect(result.env.PATH?.split(':')).toContain('/opt/homebrew/bin');
    expect(result.env.PYENV_ROOT).toBe(join(home, '.pyenv'));
  });

  it('falls back to the process environment when the shell hangs, leaving nothing running', async () => {
    const pidFile = join(home, 'pid');
    const hang = join(home, 'hanging-shell');
    await writeFile(hang, `#!/bin/sh\nsleep 600 &\necho $! > ${pidFile}\nwait\n`);
    await chmod(hang, 0o755);
    const host = launcherHost(hang, { MARKER: 'kept' });
    const result = await resolveLoginEnv(host, { timeoutMs: 300 });
    expect(result.source).toBe('process');
    expect(result.reason).toMatch(/did not finish/);
    expect(result.env.MARKER).toBe('kept');
    const sleeper = Number((await readFile(pidFile, 'utf8')).trim());
    expect(await running(sleeper)).toBe(false);
  });

  it('falls back when the shell cannot start or prints no environment', async () => {
    const missing = await resolveLoginEnv(launcherHost(join(home, 'no-such-shell')));
    expect(missing).toMatchObject({ source: 'process', reason: expect.stringMatching(/could not start/) });
    const silent = await resolveLoginEnv(launcherHost('/bin/false'));
    expect(silent).toMatchObject({ source: 'process', reason: expect.stringMatching(/without printing/) });
  });
});

describe('login-shell environment (scripted macOS and Windows)', () => {
  it('on macOS runs $SHELL -i -l -c, defaulting to zsh, and keeps multi-line values', async () => {
    const host = fakeHost({
      platform: 'darwin',
      env: { PATH: '/usr/bin:/bin', HOME: '/Users/me' },
      programs: {
        '/bin/zsh': (args) => {
          const mark = /'([0-9a-f]{32})'/.exec(args[3] ?? '')?.[1] ?? '';
          const env = 'PATH=/opt/homebrew/bin:/usr/bin:/bin\nPS_NOTE=line one\nline two\n_=/usr/bin/env\n';
          return { stdout: `Last login: today\n${mark}\n${env}${mark}\n` };
        },
      },
    });
    expect(loginShellOf(host)).toBe('/bin/zsh');
    const result = await resolveLoginEnv(host);
    expect(host.calls[0]?.args.slice(0, 3)).toEqual(['-i', '-l', '-c']);
    expect(result.source).toBe('login-shell');
    expect(result.env.PATH).toBe('/opt/homebrew/bin:/usr/bin:/bin');
    expect(result.env.HOME).toBe('/Users/me');
    expect(result.env.PS_NOTE).toBe('line one\nline two');
    expect(result.env._).toBeUndefined();
  });

  it('on Windows uses the process environment without running anything', async () => {
    const host = fakeHost({ platform: 'win32', env: { Path: 'C:\\Windows' } });
    const result = await resolveLoginEnv(host);
    expect(result).toMatchObject({ source: 'process', env: { Path: 'C:\\Windows' } });
    expect(host.calls).toEqual([]);
  });

  it('parses env output line by line', () => {
    expect(parseEnvOutput('A=1\nB=x=y\nC=\n')).toEqual({ A: '1', B: 'x=y', C: '' });
  });
});
