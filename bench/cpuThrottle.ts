import type { Page } from 'playwright-core';

/** Sets how many times slower the page's CPU runs; 1 is full speed. */
export type SetCpuRate = (rate: number) => Promise<void>;

/**
 * A page's CPU throttle (Chromium's CPU throttling), to stand for a slower machine. Chromium
 * throttles by keeping the renderer busy (an idle page throttled 3 times takes about 0.7 of a
 * core), so on a 2-core machine a figure also counts the emulation's own cost. The session is
 * kept: an emulation lasts only as long as the session that set it.
 */
export async function cpuThrottle(page: Page, rate = 1): Promise<SetCpuRate> {
  const cdp = await page.context().newCDPSession(page);
  const set: SetCpuRate = async (to) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Math.max(1, to) });
  };
  await set(rate);
  return set;
}
