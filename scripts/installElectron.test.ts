import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cache = mkdtempSync(join(tmpdir(), 'caduceus-electron-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** A loopback port nothing listens on: the download fails at once, as offline. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

// Where a binary is installed already the script has nothing to download.
const installed = existsSync(
  join(createRequire(import.meta.url).resolve('electron/package.json'), '..', 'path.txt'),
);

describe('the Electron download at install', () => {
  it.skipIf(installed)(
    'says in one line that it failed, why, and what still works, without a stack',
    async () => {
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.CI;
      delete env.CADUCEUS_SKIP_ELECTRON_DOWNLOAD;
      const run = spawnSync(process.execPath, [join(import.meta.dirname, 'installElectron.mjs')], {
        encoding: 'utf8',
        env: {
          ...env,
          ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
          electron_config_cache: cache,
        },
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^caduceus: the Electron binary could not be downloaded \(.*Error.*\); the CLI/,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
