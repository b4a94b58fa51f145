/** How the local backend starts a script with a discovered shell: program, arguments, cwd. */
import type { ShellLauncher } from './shellDiscovery';

export interface LaunchSpec {
  file: string;
  args: string[];
  cwd: string;
}

export function launchSpec(
  launcher: ShellLauncher,
  script: string,
  cwd: string | undefined,
  homedir: string,
): LaunchSpec {
  if (launcher.source === 'wsl') {
    // A Linux cwd means nothing to Windows: wsl.exe takes it through --cd, and the Windows
    // process itself starts in the home folder.
    const cd = cwd === undefined ? [] : ['--cd', cwd];
    return { file: launcher.file, args: [...cd, ...launcher.args, script], cwd: homedir };
  }
  return { file: launcher.file, args: [...launcher.args, script], cwd: cwd ?? homedir };
}

/** A local folder as the shell sees it: Git Bash reads `C:/x/y`, and forward slashes need no escaping. */
export function shellPath(path: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? path.replace(/\\/g, '/') : path;
}
