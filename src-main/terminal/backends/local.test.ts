import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TerminalError } from '../errors';
import { realHost } from '../platform/host';
import { initUserEnvironment, needsLoginEnv, resetUserEnvironment } from '../platform/userEnvironment';
import { fakeHost } from '../testing/fakeHost';
import { LocalBackend } from './local';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-local-'));
});
afterEach(async () => {
  resetUserEnvironment();
  await rm(home, { recursive: true, force: true });
});

describe('local backend across platforms', () => {
  it('on Windows without bash is unavailable, saying what to install, and runs nothing', async () => {
    const backend = new LocalBackend(
      {},
      fakeHost({ platform: 'win32', env: { ProgramFiles: 'C:\\Program Files' } }),
    );
    const availability = await backend.isAvailable();
    expect(availability.available).toBe(false);
    expect(availability.reason).toMatch(/Install Git for Windows/);
    await expect(backend.spawn({ command: 'echo hi' })).rejects.toBeInstanceOf(TerminalError);
  });

  it("runs every command with the login shell's environment once it is resolved", async () => {
    await writeFile(
      join(home, '.bash_profile'),
      'export PATH="$HOME/brew/bin:$PATH"\nexport FROM_PROFILE=yes\n',
    );
    const host = { ...realHost(), env: { HOME: home, SHELL: '/bin/bash', PATH: '/usr/bin:/bin' } };
    expect((await initUserEnvironment(host)).source).toBe('login-shell');
    const backend = new LocalBackend({}, host);
    try {
      const result = await backend.exec({ command: 'echo "$FROM_PROFILE $PATH"', timeoutMs: 30_000 });
      // /etc/profile may rebuild the rest of PATH; the profile's entry comes first.
      expect(result.output).toMatch(new RegExp(`^yes ${join(home, 'brew/bin')}:`));
    } finally {
      await backend.dispose();
    }
  });

  it('resolves the login environment for a Mac app always, for a Linux one only outside a terminal', () => {
    expect(needsLoginEnv(fakeHost({ platform: 'darwin' }), true)).toBe(true);
    expect(needsLoginEnv(fakeHost({ platform: 'linux' }), false)).toBe(true);
    expect(needsLoginEnv(fakeHost({ platform: 'linux' }), true)).toBe(false);
    expect(needsLoginEnv(fakeHost({ platform: 'win32' }), false)).toBe(false);
  });
});
