import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserCommand, openInBrowser } from './browser';
import type { Serving } from './serveInstead';
import { serveInstead } from './serveInstead';

const CLI = join(import.meta.dirname, '..', '..', 'bin', 'caduceus.mjs');

describe('browserCommand', () => {
  const url = 'http://127.0.0.1:1/?token=a&b';
  it('uses the first $BROWSER entry, with %s or the URL appended', () => {
    expect(browserCommand(url, { BROWSER: 'firefox --new-window:chromium' }, 'linux')).toEqual({
      file: 'firefox',
      args: ['--new-window', url],
    });
    expect(browserCommand(url, { BROWSER: 'w3m %s' }, 'linux')).toEqual({ file: 'w3m', args: [url] });
  });

  it("falls back to the platform's opener", () => {
    expect(browserCommand(url, {}, 'linux')).toEqual({ file: 'xdg-open', args: [url] });
    expect(browserCommand(url, {}, 'darwin')).toEqual({ file: 'open', args: [url] });
    expect(browserCommand(url, {}, 'win32')).toEqual({
      file: 'cmd',
      args: ['/c', 'start', '""', 'http://127.0.0.1:1/?token=a^&b'],
    });
  });

  it('reports a browser that cannot be started', async () => {
    expect(await openInBrowser(url, { BROWSER: '/nonexistent/browser' }, 'linux')).toMatch(/could not run/);
  });
});

describe('npm start without Electron', () => {
  let dir: string;
  let serving: Serving | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caduceus-start-'));
  });
  afterEach(async () => {
    if (serving && serving.child.exitCode === null) {
      const exited = new Promise((resolve) => serving?.child.once('exit', resolve));
      serving.child.kill('SIGTERM');
      await exited;
    }
    serving = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function recorder(): Promise<{ env: NodeJS.ProcessEnv; recorded: string }> {
    const recorded = join(dir, 'opened.txt');
    const script = join(dir, 'browser.sh');
    await writeFile(
      script,
      `#!/bin/sh\nprintf '%s' "$1" > ${recorded}.tmp && mv ${recorded}.tmp ${recorded}\n`,
    );
    await chmod(script, 0o755);
    return { env: { ...process.env, CADUCEUS_HOME: join(dir, 'home'), BROWSER: script }, recorded };
  }

  it('serves the UI, prints its URL and opens it in $BROWSER', async () => {
    const { env, recorded } = await recorder();
    const logs: string[] = [];
    serving = await serveInstead({ cli: CLI, args: [], open: true, env, log: (l) => logs.push(l) });
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=\w+$/);
    while (!existsSync(recorded)) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await readFile(recorded, 'utf8')).toBe(serving.url);
    const page = await fetch(serving.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    expect(logs.join('\n')).toMatch(/no Electron binary/);
  });

  it('with --no-open only prints the URL', async () => {
    const { env, recorded } = await recorder();
    const logs: string[] = [];
    serving = await serveInstead({ cli: CLI, args: [], open: false, env, log: (l) => logs.push(l) });
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(logs.join('\n')).toMatch(/--no-open/);
    expect(existsSync(recorded)).toBe(false);
  });
});
