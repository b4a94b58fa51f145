import { test as base } from 'vitest';
import { AppHarness } from './app';

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
