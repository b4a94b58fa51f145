import { describe, expect, it } from 'vitest';
import { fakeHost } from '../testing/fakeHost';
import { realHost } from './host';
import { discoverShell, gitBashCandidates, readRegistryString } from './shellDiscovery';

const GIT = 'C:\\Program Files\\Git\\bin\\bash.exe';

describe('shell discovery on Windows', () => {
  it("finds Git for Windows' bash from the registry's InstallPath", async () => {
    const host = fakeHost({
      platform: 'win32',
      registry: { 'HKLM\\SOFTWARE\\GitForWindows\\InstallPath': 'D:\\Tools\\Git' },
      files: ['D:\\Tools\\Git\\bin\\bash.exe', GIT],
    });
    const found = await discoverShell(host);
    expect(found).toEqual({
      available: true,
      launcher: { file: 'D:\\Tools\\Git\\bin\\bash.exe', args: ['-c'], source: 'git-bash' },
    });
  });

  it('parses reg query output, and a missing value is undefined', async () => {
    const host = fakeHost({
      platform: 'win32',
      registry: { 'HKCU\\SOFTWARE\\GitForWindows\\InstallPath': 'C:\\Users\\me\\Git' },
    });
    expect(await readRegistryString(host, 'HKCU\\SOFTWARE\\GitForWindows', 'InstallPath')).toBe(
      'C:\\Users\\me\\Git',
    );
    expect(await readRegistryString(host, 'HKLM\\SOFTWARE\\GitForWindows', 'InstallPath')).toBeUndefined();
  });

  it('finds bash next to git.exe on Path, and skips the WSL launcher in System32', async () => {
    const host = fakeHost({
      platform: 'win32',
      env: { Path: 'C:\\Windows\\System32;E:\\PortableGit\\cmd' },
      files: [
        'C:\\Windows\\System32\\bash.exe',
        'E:\\PortableGit\\cmd\\git.exe',
        'E:\\PortableGit\\bin\\bash.exe',
      ],
    });
    const candidates = await gitBashCandidates(host);
    expect(candidates).not.toContain('C:\\Windows\\System32\\bash.exe');
    const found = await discoverShell(host);
    expect(found.available && found.launcher.file).toBe('E:\\PortableGit\\bin\\bash.exe');
  });

  it('falls back to the default install folder', async () => {
    const host = fakeHost({ platform: 'win32', env: { ProgramFiles: 'C:\\Program Files' }, files: [GIT] });
    const found = await discoverShell(host);
    expect(found.available && found.launcher).toEqual({ file: GIT, args: ['-c'], source: 'git-bash' });
  });

  it('without any bash the backend is unavailable, saying what to install', async () => {
    const found = await discoverShell(
      fakeHost({ platform: 'win32', files: ['C:\\Windows\\System32\\bash.exe'] }),
    );
    expect(found.available).toBe(false);
    expect(!found.available && found.reason).toMatch(/Git for Windows.*git-scm\.com.*wsl/s);
  });

  it('a configured shell wins, and one that is missing is reported', async () => {
    const host = fakeHost({ platform: 'win32', files: ['C:\\msys64\\usr\\bin\\bash.exe', GIT] });
    const found = await discoverShell(host, { shell: 'C:\\msys64\\usr\\bin\\bash.exe' });
    expect(found.available && found.launcher.source).toBe('configured');
    const missing = await discoverShell(host, { shell: 'C:\\nope\\bash.exe' });
    expect(!missing.available && missing.reason).toContain('C:\\nope\\bash.exe');
  });

  it('wsl runs commands through wsl.exe, and says how to install it when absent', async () => {
    const host = fakeHost({
      platform: 'win32',
      env: { SystemRoot: 'C:\\Windows' },
      files: ['C:\\Windows\\System32\\wsl.exe'],
    });
    const found = await discoverShell(host, { shell: 'wsl' });
    expect(found.available && found.launcher).toEqual({
      file: 'C:\\Windows\\System32\\wsl.exe',
      args: ['-e', 'bash', '-c'],
      source: 'wsl',
    });
    const absent = await discoverShell(fakeHost({ platform: 'win32' }), { shell: 'wsl' });
    expect(!absent.available && absent.reason).toContain('wsl --install');
    const notWindows = await discoverShell(fakeHost({ platform: 'linux' }), { shell: 'wsl' });
    expect(notWindows.available).toBe(false);
  });
});

describe('shell discovery on macOS and Linux', () => {
  it("uses bash explicitly on macOS, whatever the user's login shell is", async () => {
    const host = fakeHost({
      platform: 'darwin',
      env: { SHELL: '/bin/zsh' },
      files: ['/bin/zsh', '/bin/bash', '/bin/sh'],
    });
    const found = await discoverShell(host);
    expect(found.available && found.launcher).toEqual({ file: '/bin/bash', args: ['-c'], source: 'bash' });
  });

  it('falls back to sh, and reports a machine with neither', async () => {
    const sh = await discoverShell(fakeHost({ platform: 'linux', files: ['/bin/sh'] }));
    expect(sh.available && sh.launcher.file).toBe('/bin/sh');
    const none = await discoverShell(fakeHost({ platform: 'linux' }));
    expect(!none.available && none.reason).toBe('no shell at /bin/bash or /bin/sh');
  });

  it('finds the real bash on this Linux machine', async () => {
    const found = await discoverShell(realHost());
    expect(found.available && found.launcher.file).toBe('/bin/bash');
  });
});
