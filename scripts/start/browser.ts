/** Opens a URL in the user's browser: $BROWSER when set, else the platform's opener. */
import { spawn } from 'node:child_process';

export interface Command {
  file: string;
  args: string[];
}

/**
 * $BROWSER is a colon-separated list of commands (the first is used); `%s` in it stands for the
 * URL, otherwise the URL is appended.
 */
export function browserCommand(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
): Command {
  const first = env.BROWSER?.split(platform === 'win32' ? ';' : ':')[0]?.trim();
  if (first) {
    const [file = first, ...rest] = first.split(/\s+/);
    const args = rest.some((a) => a.includes('%s')) ? rest.map((a) => a.replace('%s', url)) : [...rest, url];
    return { file, args };
  }
  if (platform === 'darwin') return { file: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title.
  if (platform === 'win32') return { file: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  return { file: 'xdg-open', args: [url] };
}

/** Starts the browser without waiting for it; resolves with an error message if it cannot start. */
export function openInBrowser(
  url: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  const { file, args } = browserCommand(url, env, platform);
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'ignore', detached: platform !== 'win32', windowsHide: true });
    child.once('error', (error) => resolve(`could not run ${file}: ${error.message}`));
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}
