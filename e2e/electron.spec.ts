import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../src-main/electron/binary';

// Runs the packaged shell for real wherever an Electron binary is installed. Machines without
// one (CI here: the binary is downloaded from outside the npm registry) skip it, saying why.
const binary = findElectronBinary();
if (!binary) {
  console.warn('e2e/electron.spec.ts: skipped — no Electron binary installed (run `npx install-electron`).');
}

describe.skipIf(!binary)('Electron app', () => {
  it('opens a locked-down window whose preload exposes the contract', async () => {
    const home = await mkdtemp(join(tmpdir(), 'caduceus-electron-e2e-'));
    const app = await electron.launch({
      executablePath: binary,
      args: ['.'],
      env: { ...process.env, CADUCEUS_HOME: home },
    });
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');
      expect(await page.title()).toBe('Caduceus');
      const probe = await page.evaluate(async () => {
        const w = globalThis as unknown as {
          caduceus?: Record<string, (i: unknown) => Promise<unknown>>;
          require?: unknown;
        };
        return {
          hasRequire: typeof w.require !== 'undefined',
          methods: Object.keys(w.caduceus ?? {}),
          info: await w.caduceus?.appInfo?.({}),
        };
      });
      expect(probe.hasRequire).toBe(false);
      expect(probe.methods).toContain('toolsetsList');
      expect(probe.methods).not.toContain('send');
      expect(probe.info).toMatchObject({ ok: true, value: { mode: 'electron' } });
      const windows = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length);
      expect(windows).toBe(1);
    } finally {
      await app.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
