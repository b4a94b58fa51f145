/**
 * Which shell runs local commands. Commands are POSIX shell scripts (the approval gate and the
 * per-task snapshot both read them as such), so every platform gets a bash or sh: on Windows
 * the bash of Git for Windows, or the one inside WSL.
 */
import { posix, win32 } from 'node:path';
import type { Host } from './host';

export interface ShellLauncher {
  /** The program to start. */
  file: string;
  /** Arguments before the script: the script itself is passed last. */
  args: string[];
  /** How it was found, for messages and Settings. */
  source: 'configured' | 'bash' | 'sh' | 'git-bash' | 'wsl';
}

export type ShellDiscovery =
  { available: true; launcher: ShellLauncher } | { available: false; reason: string };

export interface ShellPreference {
  /** A path to a bash or sh, or `wsl` to run commands through wsl.exe. */
  shell?: string | undefined;
}

export const WINDOWS_SHELL_HELP =
  'Install Git for Windows (https://git-scm.com/download/win) so commands run in its bash, ' +
  'set terminal.local.shell to a bash.exe, or set it to "wsl" to run commands in WSL.';

export async function discoverShell(host: Host, preference: ShellPreference = {}): Promise<ShellDiscovery> {
  const configured = preference.shell;
  if (configured === 'wsl') return wslLauncher(host);
  if (configured) {
    if (await host.isExecutable(configured))
      return { available: true, launcher: { file: configured, args: ['-c'], source: 'configured' } };
    return { available: false, reason: `no shell at ${configured} (terminal.local.shell)` };
  }
  if (host.platform === 'win32') return gitBash(host);
  for (const [path, source] of [
    ['/bin/bash', 'bash'],
    ['/bin/sh', 'sh'],
  ] as const) {
    if (await host.isExecutable(path))
      return { available: true, launcher: { file: path, args: ['-c'], source } };
  }
  return { available: false, reason: 'no shell at /bin/bash or /bin/sh' };
}

async function gitBash(host: Host): Promise<ShellDiscovery> {
  for (const candidate of await gitBashCandidates(host)) {
    if (await host.isExecutable(candidate))
      return { available: true, launcher: { file: candidate, args: ['-c'], source: 'git-bash' } };
  }
  return { available: false, reason: `no bash found. ${WINDOWS_SHELL_HELP}` };
}

/** Where Git for Windows' bash may be, most specific first (as VS Code looks for it). */
export async function gitBashCandidates(host: Host): Promise<string[]> {
  const found: string[] = [];
  for (const root of ['HKLM', 'HKCU']) {
    const install = await readRegistryString(host, `${root}\\SOFTWARE\\GitForWindows`, 'InstallPath');
    if (install) found.push(win32.join(install, 'bin', 'bash.exe'));
  }
  for (const dir of pathDirs(host)) {
    // git.exe lives in <Git>\cmd or <Git>\bin; bash.exe in <Git>\bin.
    if (await host.isExecutable(win32.join(dir, 'git.exe')))
      found.push(win32.join(dir, '..', 'bin', 'bash.exe'));
    const bash = win32.join(dir, 'bash.exe');
    // System32's bash.exe is WSL's launcher, not a Windows bash.
    if (!/\\system32\\?$/i.test(dir) && (await host.isExecutable(bash))) found.push(bash);
  }
  for (const base of [host.env.ProgramW6432, host.env.ProgramFiles, host.env['ProgramFiles(x86)']])
    if (base) found.push(win32.join(base, 'Git', 'bin', 'bash.exe'));
  if (host.env.LOCALAPPDATA)
    found.push(win32.join(host.env.LOCALAPPDATA, 'Programs', 'Git', 'bin', 'bash.exe'));
  found.push('C:\\Program Files\\Git\\bin\\bash.exe');
  return [...new Set(found)];
}

async function wslLauncher(host: Host): Promise<ShellDiscovery> {
  if (host.platform !== 'win32') return { available: false, reason: 'wsl runs commands only on Windows' };
  const systemRoot = host.env.SystemRoot ?? host.env.windir ?? 'C:\\Windows';
  const wsl = win32.join(systemRoot, 'System32', 'wsl.exe');
  if (!(await host.isExecutable(wsl)))
    return { available: false, reason: `WSL is not installed (no ${wsl}); run \`wsl --install\` first` };
  return { available: true, launcher: { file: wsl, args: ['-e', 'bash', '-c'], source: 'wsl' } };
}

function pathDirs(host: Host): string[] {
  const path = host.env.Path ?? host.env.PATH ?? '';
  return path.split(host.platform === 'win32' ? win32.delimiter : posix.delimiter).filter(Boolean);
}

/** Reads one REG_SZ value with `reg query`; undefined when the key or value is absent. */
export async function readRegistryString(
  host: Host,
  key: string,
  value: string,
): Promise<string | undefined> {
  const result = await host.run('reg', ['query', key, '/v', value], { timeoutMs: 5_000 });
  if (result.exitCode !== 0) return undefined;
  for (const line of result.stdout.split(/\r?\n/)) {
    const match = /^\s*(\S+)\s+REG_(?:EXPAND_)?SZ\s+(.*?)\s*$/.exec(line);
    if (match && match[1]?.toLowerCase() === value.toLowerCase()) return match[2];
  }
  return undefined;
}
