import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../src-main/agent/sessions/store';
import { openApp, type Browser } from './support/chromium';
import { POLL } from './support/fixture';
import { startServe, type Served } from './support/serve';

// The session list holds more sessions than a page: it loads more as it is scrolled, and its
// search finds a session no page loaded yet.

const SESSIONS = 130;
const OLDEST = '20250101-000000-000000';

let dir: string;
let served: Served;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-e2e-paging-'));
  const store = SessionStore.open(join(dir, 'home'));
  try {
    const oldest = store.createSession({ id: OLDEST, title: 'The oldest session' });
    store.appendMessage(oldest.id, { role: 'user', content: 'where did the quokka go?' });
    for (let i = 0; i < SESSIONS; i++) {
      const id = `20260101-000000-${i.toString(16).padStart(6, '0')}`;
      store.createSession({ id, title: `Session ${i}` });
      store.appendMessage(id, { role: 'user', content: `hello number ${i}` });
    }
  } finally {
    store.close();
  }
  served = await startServe({ home: join(dir, 'home'), userHome: dir, cwd: dir });
  browser = await openApp(served.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  await rm(dir, { recursive: true, force: true });
});

const item = (id: string) => browser.page.locator(`[data-testid="session-item"][data-session="${id}"]`);

describe('the session list past its first page', () => {
  it('loads more as it is scrolled, down to the oldest session', async () => {
    const { page } = browser;
    await expect.poll(() => item('20260101-000000-000081').count(), POLL).toBe(1);
    // Only what is in view is drawn, and the oldest is not loaded yet.
    expect(await page.getByTestId('session-item').count()).toBeLessThan(50);
    expect(await item(OLDEST).count()).toBe(0);
    const scroller = page.getByTestId('session-scroller');
    await expect
      .poll(async () => {
        await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        return item(OLDEST).count();
      }, POLL)
      .toBe(1);
    await expect
      .poll(() => item(OLDEST).locator('.session-title').textContent(), POLL)
      .toBe('The oldest session');
    // Scrolled back up, the newest is drawn again, once.
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(() => item('20260101-000000-000081').count(), POLL).toBe(1);
  });

  it('finds by search a session that no page loaded', async () => {
    const { page } = browser;
    await page.reload();
    await expect.poll(() => item('20260101-000000-000081').count(), POLL).toBe(1);
    expect(await item(OLDEST).count()).toBe(0);
    await page.getByTestId('session-search').fill('quokk');
    await expect.poll(() => page.getByTestId('session-item').count(), POLL).toBe(1);
    await expect
      .poll(() => item(OLDEST).getByTestId('session-snippet').textContent(), POLL)
      .toContain('quokka');
    expect(await item(OLDEST).locator('mark').textContent()).toBe('quokka');
    await page.getByTestId('session-search').fill('');
    await expect.poll(() => item('20260101-000000-000081').count(), POLL).toBe(1);
    expect(await item(OLDEST).count()).toBe(0);
  });
});
