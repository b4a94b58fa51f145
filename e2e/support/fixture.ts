import { afterAll, afterEach, beforeAll, beforeEach, test as base } from 'vitest';
import { AppHarness } from './app';

type StartOptions = Parameters<typeof AppHarness.start>[0];

/** Waits on conditions in e2e specs: generous, because the machine may be busy. */
export const WAIT = { timeout: 20_000 };
export const POLL = { timeout: 20_000, interval: 100 };

/**
 * `test` with an `app` fixture: every test gets its own scripted model, CADUCEUS_HOME, work
 * folder, `caduceus serve` and Chromium page, so a dialog or a setting one test leaves behind
 * cannot reach the next. On failure, serve's stderr is printed to explain it.
 */
export const test = base.extend<{ app: AppHarness }>({
  app: async ({ onTestFailed }, use) => {
    const app = await AppHarness.start();
    onTestFailed(() => console.error(`caduceus serve stderr:\n${app.log()}`));
    try {
      await use(app);
    } finally {
      await app.close();
    }
  },
});

/** `test` whose serve starts with no model configured: the first launch of a new user. */
export const testFirstLaunch = base.extend<{ app: AppHarness }>({
  app: async ({ onTestFailed }, use) => {
    const app = await AppHarness.start({ withModel: false });
    onTestFailed(() => console.error(`caduceus serve stderr:\n${app.log()}`));
    try {
      await use(app);
    } finally {
      await app.close();
    }
  },
});

/**
 * The app of a spec whose helpers share one outside the `test` fixture: started before each
 * test (`'each'`) or once before the file's (`'file'`), and closed after. What it returns
 * stands for whichever app is running, so the spec reads `app.page` as it would a harness.
 * `options`, if given, is asked for the start options just before each start.
 */
export function useApp(scope: 'each' | 'file', options?: () => StartOptions): AppHarness {
  let running: AppHarness | undefined;
  const [before, after] = scope === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    running = await AppHarness.start(options?.());
  }, 60_000);
  after(async () => {
    await running?.close();
    running = undefined;
  });
  return new Proxy({} as AppHarness, {
    get(_stand, key) {
      if (!running) throw new Error(`the app runs only inside ${scope === 'file' ? 'the file' : 'a test'}`);
      const value: unknown = Reflect.get(running, key, running);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}
