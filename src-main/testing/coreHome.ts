/**
 * Tests of a whole app core: a temp folder of their own as its home, and every core started there
 * shut down after the test (or the file) before the folder is removed.
 */
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createAppCore, type AppCore, type AppCoreOptions } from '../appCore';
import { MemorySecretStore } from '../handlers/settings';
import { createMemoryLogger } from '../runtime/logger';

export interface CoreHomeOptions {
  /** One folder for the whole file (made in beforeAll) instead of one per test. */
  perFile?: boolean;
  /** The home is a `home` folder inside the temp folder, so the working folder is apart from it. */
  homeInside?: boolean;
}

export interface CoreHome {
  /** The temp folder, by its real path: the cores' working folder. */
  readonly dir: string;
  /** The cores' home, where config.yaml is read: `dir` itself unless `homeInside`. */
  readonly home: string;
  /**
   * A browser-mode core on `home`, with a memory logger and memory secrets; `options` replace
   * any of that. Its env holds CADUCEUS_HOME and whatever `options.env` adds.
   */
  start(options?: Partial<AppCoreOptions>): Promise<AppCore>;
}

export function useCoreHome(prefix: string, options: CoreHomeOptions = {}): CoreHome {
  let dir: string | undefined;
  const started: AppCore[] = [];
  const [before, after] = options.perFile ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
    if (options.homeInside) await mkdir(join(dir, 'home'));
  });
  after(async () => {
    // One at a time, as a test that started them would.
    for (const core of started.splice(0)) await core.shutdown();
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const home: CoreHome = {
    get dir() {
      if (!dir)
        throw new Error(`the temp folder exists only inside ${options.perFile ? 'the file' : 'a test'}`);
      return dir;
    },
    get home() {
      return options.homeInside ? join(home.dir, 'home') : home.dir;
    },
    async start(given = {}) {
      const created = await createAppCore({
        home: home.home,
        cwd: home.dir,
        logger: createMemoryLogger(),
        mode: 'browser',
        version: 'test',
        secrets: new MemorySecretStore(),
        ...given,
        env: { ...given.env, CADUCEUS_HOME: home.home },
      });
      // Shut down once however often asked, so a test may end one early.
      let ending: Promise<void> | undefined;
      const core = { ...created, shutdown: () => (ending ??= created.shutdown()) };
      started.push(core);
      return core;
    },
  };
  return home;
}
