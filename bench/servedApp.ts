/** What the browser benchmarks share: a scripted model, `caduceus serve` and a page on it. */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '../src-main/agent/testing/scriptedModel';
import { openApp, type Browser } from '../e2e/support/chromium';
import { startServe, type Served } from '../e2e/support/serve';
import { removeAtExit } from '../e2e/support/atExit';

export interface ServedApp {
  model: ScriptedModel;
  served: Served;
  /** serve's working folder, and so the agent's. */
  dir: string;
  /** Opens the UI in Chromium; closed with everything else. */
  open(): Promise<Browser>;
}

/** Runs `bench` against a fresh serve, then stops and removes everything it started. */
export async function withServedApp<T>(
  name: string,
  bench: (app: ServedApp) => Promise<T>,
  /** Fills serve's home (CADUCEUS_HOME) before it starts; `dir` is serve's working folder. */
  seed?: (home: string, dir: string) => Promise<void>,
): Promise<T> {
  const model = await ScriptedModel.start();
  const dir = await mkdtemp(join(tmpdir(), `caduceus-bench-${name}-`));
  const removeDir = removeAtExit(dir);
  const browsers: Browser[] = [];
  try {
    // Its own HOME: the shells it opens read no developer rc files (see e2e/support/serve.ts).
    const userHome = join(dir, 'user');
    await mkdir(userHome);
    await seed?.(join(dir, 'home'), dir);
    const served = await startServe({ baseUrl: model.baseUrl, home: join(dir, 'home'), userHome, cwd: dir });
    try {
      const open = async () => {
        const browser = await openApp(served.url, 'own');
        browsers.push(browser);
        return browser;
      };
      return await bench({ model, served, dir, open });
    } finally {
      for (const browser of browsers) await browser.close();
      await served.stop();
    }
  } finally {
    await model.close();
    await removeDir();
  }
}
