/** What each browser tool does to the task's tab. Handlers get a ready tab; errors are thrown. */
import { capText, isHttpUrl } from '../http';
import type { VisionService } from '../media/vision';
import type { BrowserArgs } from './args';
import type { BrowserTab } from './pool';
import { compactSnapshot, REF_PATTERN } from './snapshot';

const MAX_SNAPSHOT_CHARS = 40_000;
const NAVIGATE_SNAPSHOT_CHARS = 8_000;
const MAX_IMAGES = 100;

type Signal = AbortSignal | undefined;

export async function navigate(
  tab: BrowserTab,
  args: BrowserArgs<'browser_navigate'>,
  signal: Signal,
): Promise<string> {
  const { url } = args;
  if (!isHttpUrl(url)) throw new Error('browser_navigate opens absolute http and https URLs only');
  const response = await tab.page.goto(url, { waitUntil: 'domcontentloaded', signal });
  const status = response ? ` (HTTP ${response.status()})` : '';
  const snapshot = await snapshotText(tab, false, NAVIGATE_SNAPSHOT_CHARS, signal);
  return `Opened ${tab.page.url()}${status}\n${snapshot}`;
}

export function snapshot(
  tab: BrowserTab,
  args: BrowserArgs<'browser_snapshot'>,
  signal: Signal,
): Promise<string> {
  if (tab.page.url() === 'about:blank') throw new Error('No page is open: call browser_navigate first');
  return snapshotText(tab, args.full === true, MAX_SNAPSHOT_CHARS, signal);
}

async function snapshotText(tab: BrowserTab, full: boolean, max: number, signal: Signal): Promise<string> {
  const raw = await tab.page.ariaSnapshot({ mode: 'ai', signal });
  const tree = full ? raw : compactSnapshot(raw);
  return `Title: ${await tab.page.title()}\nURL: ${tab.page.url()}\n\n${capText(tree, max)}`;
}

/** Checks the ref first: an unknown ref would otherwise wait out the whole action timeout. */
async function locate(tab: BrowserTab, { ref }: { ref: string }) {
  if (!REF_PATTERN.test(ref)) throw new Error(`"${ref}" is not an element ref; refs look like "e12"`);
  const locator = tab.page.getByRef(ref);
  if ((await locator.count()) === 0)
    throw new Error(`No element ${ref} on the page now; take a new browser_snapshot for current refs`);
  return { ref, locator };
}

export async function click(tab: BrowserTab, args: BrowserArgs<'browser_click'>, signal: Signal) {
  const { ref, locator } = await locate(tab, args);
  await locator.click({ signal });
  await tab.page.waitForLoadState('domcontentloaded', { signal });
  return { clicked: ref, url: tab.page.url(), title: await tab.page.title() };
}

export async function type(tab: BrowserTab, args: BrowserArgs<'browser_type'>, signal: Signal) {
  const { ref, locator } = await locate(tab, args);
  await locator.fill(args.text, { signal });
  const submitted = args.submit === true;
  if (submitted) {
    await locator.press('Enter', { signal });
    await tab.page.waitForLoadState('domcontentloaded', { signal });
  }
  return { typed: ref, submitted, url: tab.page.url() };
}

export async function scroll(tab: BrowserTab, args: BrowserArgs<'browser_scroll'>) {
  const sign = args.direction === 'up' ? -1 : 1;
  // A string expression: this program has no DOM types, and the page evaluates it as-is.
  return tab.page.evaluate(`(() => {
    window.scrollBy(0, ${sign} * Math.round(window.innerHeight * 0.8));
    const el = document.scrollingElement || document.documentElement;
    return { scrollY: Math.round(window.scrollY), scrollHeight: el.scrollHeight, viewportHeight: window.innerHeight };
  })()`);
}

export async function back(tab: BrowserTab, _args: BrowserArgs<'browser_back'>, signal: Signal) {
  const before = tab.page.url();
  const response = await tab.page.goBack({ waitUntil: 'domcontentloaded', signal });
  if (!response && tab.page.url() === before)
    throw new Error("There is no earlier page in this tab's history");
  return { url: tab.page.url(), title: await tab.page.title() };
}

export async function press(tab: BrowserTab, args: BrowserArgs<'browser_press'>) {
  const { key } = args;
  await tab.page.keyboard.press(key);
  return { pressed: key, url: tab.page.url() };
}

export async function images(tab: BrowserTab) {
  const found = (await tab.page.evaluate(`Array.from(document.images).slice(0, ${MAX_IMAGES}).map((img) => ({
    src: img.currentSrc || img.src,
    alt: img.alt,
    width: img.naturalWidth,
    height: img.naturalHeight,
  }))`)) as { src: string; alt: string; width: number; height: number }[];
  return {
    images: found.map((img) => ({
      ...img,
      src: img.src.startsWith('data:') ? '(inline data URL)' : img.src,
    })),
  };
}

export function consoleMessages(tab: BrowserTab, args: BrowserArgs<'browser_console'>) {
  const messages = [...tab.console];
  if (args.clear === true) tab.console.length = 0;
  return { messages };
}

export async function vision(
  tab: BrowserTab,
  args: BrowserArgs<'browser_vision'>,
  signal: Signal,
  service: VisionService,
) {
  if (tab.page.url() === 'about:blank') throw new Error('No page is open: call browser_navigate first');
  const png = await tab.page.screenshot({ type: 'png', signal });
  const answer = await service.analyze(
    `data:image/png;base64,${png.toString('base64')}`,
    args.question,
    signal,
  );
  return { url: tab.page.url(), answer };
}
