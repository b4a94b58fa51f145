import type { Browser } from '../e2e/support/chromium';

/** Seconds of CPU all of Chromium's processes have used so far (browser, renderers, GPU). */
export async function chromiumCpuSeconds(browser: Browser): Promise<number> {
  const cdp = await browser.context.browser()?.newBrowserCDPSession();
  if (!cdp) throw new Error('no browser target to read process times from');
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { cpuTime: number }[];
    };
    return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
  } finally {
    await cdp.detach();
  }
}
