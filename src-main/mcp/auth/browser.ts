import { spawn } from 'node:child_process';

/** Opens a URL for the person at the machine: the system browser, or Electron's shell. */
export type UrlOpener = (url: string) => Promise<void>;

/**
 * `$BROWSER` when set (its `%s` replaced by the URL, else the URL appended), otherwise the
 * OS opener. Only http(s) URLs are opened, so a server cannot make us run a file.
 */
export function systemBrowserOpener(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): UrlOpener {
  return async (url) => {
    const protocol = new URL(url).protocol;
    if (protocol !== 'https:' && protocol !== 'http:')
      throw new Error(`refusing to open a ${protocol} URL in the browser`);
    const [command, ...args] = browserCommand(url, env, platform);
    if (!command) throw new Error('no browser command');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(command, args, { stdio: 'ignore', detached: platform !== 'win32' });
      child.once('error', (err) =>
        reject(new Error(`could not open a browser (${command}): ${err.message}`)),
      );
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
  };
}

function browserCommand(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  // $BROWSER may list alternatives separated by ':'; the first is used.
  const browser = env.BROWSER?.split(':')[0]?.trim();
  if (browser) {
    const words = browser.split(/\s+/);
    return words.some((w) => w.includes('%s')) ? words.map((w) => w.replace('%s', url)) : [...words, url];
  }
  if (platform === 'darwin') return ['open', url];
  if (platform === 'win32') return ['rundll32', 'url.dll,FileProtocolHandler', url];
  return ['xdg-open', url];
}
