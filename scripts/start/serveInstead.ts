/**
 * Where Electron is missing, `npm start` still runs the app: `caduceus serve` (the same UI in a
 * browser on loopback), with its URL printed and opened.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { openInBrowser } from './browser';

export interface ServeInsteadOptions {
  /** The CLI entry (bin/caduceus.mjs). */
  cli: string;
  /** Extra arguments for `serve`. */
  args: string[];
  open: boolean;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface Serving {
  child: ChildProcess;
  url: string;
}

export async function serveInstead(options: ServeInsteadOptions): Promise<Serving> {
  const log = options.log ?? ((line: string) => console.error(line));
  const env = options.env ?? process.env;
  const child = spawn(process.execPath, [options.cli, 'serve', ...options.args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`caduceus serve exited with ${code} before printing its URL`)),
    );
  });
  // Later output (none is expected) still reaches the terminal.
  lines.on('line', (line) => process.stdout.write(`${line}\n`));
  console.log(url);
  log(`caduceus: no Electron binary is installed, so the app runs in your browser at the URL above.`);
  if (options.open) {
    const problem = await openInBrowser(url, env);
    if (problem) log(`caduceus: ${problem}; open the URL yourself.`);
  } else log('caduceus: --no-open given; open the URL yourself.');
  return { child, url };
}
