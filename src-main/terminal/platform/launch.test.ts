import { describe, expect, it } from 'vitest';
import { launchSpec, shellPath } from './launch';
import type { ShellLauncher } from './shellDiscovery';

describe('launchSpec', () => {
  it("runs Git Bash's bash.exe with -c in the task's folder", () => {
    const bash = {
      file: 'C:\\Program Files\\Git\\bin\\bash.exe',
      args: ['-c'],
      source: 'git-bash',
    } satisfies ShellLauncher;
    expect(launchSpec(bash, 'echo hi', 'C:\\src\\app', 'C:\\Users\\me')).toEqual({
      file: bash.file,
      args: ['-c', 'echo hi'],
      cwd: 'C:\\src\\app',
    });
    expect(launchSpec(bash, 'echo hi', undefined, 'C:\\Users\\me').cwd).toBe('C:\\Users\\me');
  });

  it('passes a Linux cwd to wsl.exe with --cd, starting the Windows process at home', () => {
    const wsl = {
      file: 'C:\\Windows\\System32\\wsl.exe',
      args: ['-e', 'bash', '-c'],
      source: 'wsl',
    } satisfies ShellLauncher;
    expect(launchSpec(wsl, 'make', '/home/me/src', 'C:\\Users\\me')).toEqual({
      file: wsl.file,
      args: ['--cd', '/home/me/src', '-e', 'bash', '-c', 'make'],
      cwd: 'C:\\Users\\me',
    });
    expect(launchSpec(wsl, 'make', undefined, 'C:\\Users\\me').args).toEqual(['-e', 'bash', '-c', 'make']);
  });
});

describe('shellPath', () => {
  it('gives Git Bash forward slashes and leaves POSIX paths alone', () => {
    expect(shellPath('C:\\Users\\me\\AppData\\Local\\Temp\\caduceus-term-x', 'win32')).toBe(
      'C:/Users/me/AppData/Local/Temp/caduceus-term-x',
    );
    expect(shellPath('/tmp/caduceus-term-x', 'darwin')).toBe('/tmp/caduceus-term-x');
  });
});
