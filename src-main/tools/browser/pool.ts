/**
 * One shared browser process, launched on first use; one context (cookies, storage, tab, egress
 * proxy) per task. The composition root owns the pool and calls `closeAll()` on shutdown.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Logger } from '../../runtime/types';
import { EgressPolicy, type EgressAsk } from '../../sandbox/egress';
import { findBrowser, type BrowserLookup } from './executable';
import { TaskEgress } from './taskEgress';

/** From infra.md: the last three keep Chromium from calling out on its own. */
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Every request of every page goes through the egress proxy: loopback too (Chromium bypasses a
 * proxy for it unless told `<-loopback>`), and WebRTC may not send UDP around it.
 */
export function egressArgs(proxyUrl: string): string[] {
  return [
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  ];
}

/** How long a browser lookup holds: a toolset listing checks every browser tool at once. */
const LOOKUP_FRESH_MS = 5_000;
const ACTION_TIMEOUT_MS = 15_000;
const NAVIGATION_TIMEOUT_MS = 30_000;
const MAX_CONSOLE_ENTRIES = 200;
const MAX_CONSOLE_TEXT = 2_000;

export interface ConsoleEntry {
  type: string;
  text: string;
}

/** The task's tab: the page tools act on, and what its console printed. */
export interface BrowserTab {
  context: BrowserContext;
  page: Page;
  console: ConsoleEntry[];
}

export interface BrowserPoolOptions {
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Where pages may reach; without it no loopback, private or link-local host. */
  egress?: EgressPolicy;
}

export class BrowserPool {
  private browser?: Promise<Browser>;
  private readonly tabs = new Map<string, Promise<BrowserTab>>();
  private readonly proxies: TaskEgress;
  readonly egress: EgressPolicy;

  constructor(private readonly options: BrowserPoolOptions = {}) {
    this.egress = options.egress ?? new EgressPolicy();
    this.proxies = new TaskEgress(this.egress);
  }

  /** Wraps a navigation's question: a yes opens that host and port to this task's pages too. */
  remembering(taskId: string, ask: EgressAsk): EgressAsk {
    return this.proxies.remembering(taskId, ask);
  }

  private found?: { at: number; lookup: BrowserLookup };

  /**
   * Where the browser is, or why there is none. Looked up again after a few seconds, so an
   * install is noticed without every tool check walking PATH with blocking calls.
   */
  lookup(): BrowserLookup {
    const now = Date.now();
    if (!this.found || now - this.found.at >= LOOKUP_FRESH_MS || now < this.found.at) {
      this.found = { at: now, lookup: findBrowser(this.options.env ?? process.env) };
    }
    return this.found.lookup;
  }

  /** The task's tab, creating the browser and the task's context when needed. */
  tab(taskId: string): Promise<BrowserTab> {
    let tab = this.tabs.get(taskId);
    if (!tab) {
      tab = this.openTab(taskId);
      this.tabs.set(taskId, tab);
      tab.catch(() => this.tabs.delete(taskId));
    }
    return tab.then(async (t) => {
      if (t.page.isClosed()) t.page = watch(await t.context.newPage(), t);
      return t;
    });
  }

  /** Closes one task's context, when the task ends. */
  async closeTask(taskId: string): Promise<void> {
    const tab = this.tabs.get(taskId);
    this.tabs.delete(taskId);
    if (tab) await tab.then((t) => t.context.close()).catch(() => {});
    await this.proxies.closeTask(taskId);
  }

  async closeAll(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    this.tabs.clear();
    if (browser) await browser.then((b) => b.close()).catch(() => {});
    await this.proxies.closeAll();
  }

  private async openTab(taskId: string): Promise<BrowserTab> {
    const [browser, proxy] = await Promise.all([this.launch(), this.proxies.taskProxy(taskId)]);
    // Playwright keeps loopback on the context's proxy too (it adds `<-loopback>` to the bypass list).
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: false,
      proxy: { server: proxy.url },
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    const page = await context.newPage();
    const tab: BrowserTab = { context, page, console: [] };
    watch(page, tab);
    // Links that open a new window move the task to that window.
    context.on('page', (opened) => void (tab.page = watch(opened, tab)));
    return tab;
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const found = this.lookup();
      if (!('path' in found)) return Promise.reject(new Error(found.reason));
      // playwright-core loads with the first browser tool call, not at start-up.
      const launching = Promise.all([import('playwright-core'), this.proxies.browserProxy()]).then(
        ([{ chromium }, proxy]) =>
          chromium.launch({ executablePath: found.path, args: [...LAUNCH_ARGS, ...egressArgs(proxy.url)] }),
      );
      this.browser = launching;
      launching.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.browser !== launching) return;
            this.options.logger?.warn(
              'The browser exited; it will be started again on the next browser tool call',
            );
            this.browser = undefined;
            this.tabs.clear();
          }),
        () => {
          if (this.browser === launching) this.browser = undefined;
        },
      );
    }
    return this.browser;
  }
}

const watched = new WeakSet<Page>();

/** Records a page's console into its tab, once per page. */
function watch(page: Page, tab: BrowserTab): Page {
  if (watched.has(page)) return page;
  watched.add(page);
  const push = (type: string, text: string) => {
    tab.console.push({ type, text: text.slice(0, MAX_CONSOLE_TEXT) });
    if (tab.console.length > MAX_CONSOLE_ENTRIES)
      tab.console.splice(0, tab.console.length - MAX_CONSOLE_ENTRIES);
  };
  page.on('console', (message) => push(message.type(), message.text()));
  page.on('pageerror', (error) => push('pageerror', error.message));
  // The proxy never sees file:// loads: a page that lands on one is sent away before it is read.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('file:')) {
      push('error', `Refused to show ${frame.url()}: local files are not opened in the browser`);
      void page.goto('about:blank').catch(() => {});
    }
  });
  return page;
}
