import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemBrowserOpener } from './browser';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-browser-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function recorder(): Promise<{ script: string; args: () => Promise<string[]> }> {
  const out = join(dir, 'args.json');
  const script = join(dir, 'browser.mjs');
  await writeFile(
    script,
    `#!${process.execPath}\nimport { writeFileSync, renameSync } from 'node:fs';\n` +
      `writeFileSync('${out}.tmp', JSON.stringify(process.argv.slice(2)));\nrenameSync('${out}.tmp', '${out}');\n`,
  );
  await chmod(script, 0o755);
  const args = async () => {
    for (let i = 0; i < 2000; i++) {
      const text = await readFile(out, 'utf8').catch(() => undefined);
      if (text) return JSON.parse(text) as string[];
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the browser command never ran');
  };
  return { script, args };
}

describe('system browser opener', () => {
  it('runs $BROWSER with the URL appended', async () => {
    const r = await recorder();
    await systemBrowserOpener({ BROWSER: r.script }, 'linux')('https://example.test/authorize?a=1&b=2');
    expect(await r.args()).toEqual(['https://example.test/authorize?a=1&b=2']);
  });

  it("puts the URL where $BROWSER's %s is and uses the first of several browsers", async () => {
    const r = await recorder();
    await systemBrowserOpener(
      { BROWSER: `${r.script} --new-tab=%s:/nonexistent/other` },
      'linux',
    )('http://127.0.0.1:5/x');
    expect(await r.args()).toEqual(['--new-tab=http://127.0.0.1:5/x']);
  });

  it('opens only http(s) URLs', async () => {
    await expect(
      systemBrowserOpener({ BROWSER: '/bin/true' }, 'linux')('file:///etc/passwd'),
    ).rejects.toThrow('refusing to open a file: URL');
  });

  it('reports a browser command that cannot run', async () => {
    await expect(
      systemBrowserOpener({ BROWSER: join(dir, 'missing-browser') }, 'linux')('https://example.test/'),
    ).rejects.toThrow(/could not open a browser/);
  });
});
