import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { parse } from 'yaml';
import { ScriptedModel } from '../../src-main/agent/testing/scriptedModel';
import { openApp, type Browser } from './chromium';
import { spawnCli, startServe, type Served, type ServeOptions } from './serve';
import { SCREENSHOTS } from './views';

/** The whole app for one spec file: a scripted model, `caduceus serve`, and Chromium on its page. */
export class AppHarness {
  private constructor(
    readonly model: ScriptedModel,
    /** Temp folder the agent's commands run in. */
    readonly work: string,
    private readonly home: string,
    /** HOME of serve and its shells (so ~/.ssh/known_hosts is this test's own). */
    readonly userHome: string,
    private served: Served,
    private readonly browser: Browser,
    /** How serve was started, to start it again the same way. */
    private readonly serveOptions: ServeOptions,
  ) {}

  /**
   * `withModel: false` starts serve with no model, as on a first launch. `config` is written as
   * config.yaml before serve starts (a function gets the model's URL); `env` is added to serve's.
   */
  static async start(
    options: {
      withModel?: boolean;
      config?: string | ((modelBaseUrl: string) => string);
      env?: NodeJS.ProcessEnv;
      /** Fills serve's CADUCEUS_HOME before it starts (a sessions database, say). */
      seed?: (home: string) => unknown;
    } = {},
  ): Promise<AppHarness> {
    const { withModel = true } = options;
    const cleanups: (() => Promise<unknown>)[] = [];
    try {
      const model = await ScriptedModel.start();
      cleanups.push(() => model.close());
      const home = await mkdtemp(join(tmpdir(), 'caduceus-e2e-home-'));
      const work = await mkdtemp(join(tmpdir(), 'caduceus-e2e-work-'));
      const userHome = await mkdtemp(join(tmpdir(), 'caduceus-e2e-user-'));
      cleanups.push(() => removeDirs(home, work, userHome));
      await options.seed?.(home);
      const { config } = options;
      if (config)
        await writeFile(
          join(home, 'config.yaml'),
          typeof config === 'string' ? config : config(model.baseUrl),
        );
      const serveOptions: ServeOptions = {
        ...(withModel ? { baseUrl: model.baseUrl } : {}),
        home,
        userHome,
        cwd: work,
        env: options.env ?? {},
      };
      const served = await startServe(serveOptions);
      cleanups.push(() => served.stop());
      const browser = await openApp(served.url);
      return new AppHarness(model, work, home, userHome, served, browser, serveOptions);
    } catch (err) {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      throw err;
    }
  }

  get page(): Page {
    return this.browser.page;
  }

  /**
   * Stops serve and starts it again on the same home (sessions, config), then loads the page from
   * the new server with the address's `#…` kept, as a user's browser tab would after the restart.
   */
  async restartServe(): Promise<void> {
    const hash = new URL(this.page.url()).hash;
    await this.served.stop();
    this.served = await startServe(this.serveOptions);
    await this.page.goto(`${this.served.url}&renderer=dom${hash}`);
    await this.page.getByTestId('chat-input').waitFor({ timeout: 20_000 });
  }

  /** Runs `caduceus <args>` on serve's home, in the work folder, and waits for it to exit. */
  async cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawnCli(args, { home: this.home, cwd: this.work, userHome: this.userHome });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stdout, stderr };
  }

  /** serve's stderr, to explain a failure. */
  log(): string {
    return this.served.log();
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.served.stop();
    await this.model.close();
    await removeDirs(this.home, this.work, this.userHome);
  }

  /**
   * A reloaded page and a new chat: no dialog left open by an earlier test, and a fresh session
   * so its approvals do not carry over.
   */
  async newChat(): Promise<void> {
    this.model.reset();
    await this.page.reload();
    await this.page.getByTestId('new-chat').click();
    await this.page.getByTestId('message').first().waitFor({ state: 'detached', timeout: 20_000 });
  }

  async send(text: string): Promise<void> {
    await this.page.getByTestId('chat-input').fill(text);
    await this.page.getByTestId('chat-send').click();
  }

  /**
   * What the chat shows and what the model was asked, for a failure's message: a turn that never
   * answered reads differently from an answer drawn out of view.
   */
  async explainChat(): Promise<string> {
    const shown = await this.page.evaluate(CHAT_STATE);
    const asked = this.model.requests.map((r) => {
      const last = r.body.messages.at(-1);
      return typeof last?.content === 'string' ? last.content.slice(0, 60) : last?.role;
    });
    return `chat: ${shown}\nmodel asked ${asked.length} times, last with: ${JSON.stringify(asked.slice(-3))}\nserve's log ends:\n${this.log().slice(-1500)}`;
  }

  /** The card of the tool call the model made with this id. */
  card(callId: string): Locator {
    return this.page.locator(`[data-testid="tool-call"][data-call-id="${callId}"]`);
  }

  assistantText(): Locator {
    return this.page.locator('[data-testid="message"][data-role="assistant"]');
  }

  /** Brings the newest agent environment's tab to the front of the terminal pane. */
  async showAgentTerminal(): Promise<void> {
    const tab = this.page.locator('[data-testid="terminal-tab"][data-kind="agent"]').last();
    await tab.waitFor({ timeout: 20_000 });
    await tab.click();
  }

  /** Text of the terminal in front (xterm's DOM renderer draws it as rows). */
  async terminalText(): Promise<string> {
    const rows = this.page.getByTestId('terminal-pane').locator('.xterm-rows');
    return (await rows.allInnerTexts()).join('\n');
  }

  async screenshot(name: string): Promise<void> {
    await mkdir(SCREENSHOTS, { recursive: true });
    await this.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  }

  /**
   * The screen at 1400×900 and 1024×700, light and dark (`<name>-<width>-<scheme>.png`); the
   * page's own size and scheme come back afterwards, so the test goes on as before.
   */
  async screenshotAll(name: string): Promise<void> {
    await mkdir(SCREENSHOTS, { recursive: true });
    const before = this.page.viewportSize();
    for (const [width, height] of [
      [1400, 900],
      [1024, 700],
    ] as const) {
      await this.page.setViewportSize({ width, height });
      for (const colorScheme of ['light', 'dark'] as const) {
        await this.page.emulateMedia({ colorScheme });
        await this.page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}-${colorScheme}.png`) });
      }
    }
    await this.page.emulateMedia({ colorScheme: null });
    if (before) await this.page.setViewportSize(before);
  }

  /** A file in serve's CADUCEUS_HOME ('' when it does not exist). */
  async homeFile(name: string): Promise<string> {
    return readFile(join(this.home, name), 'utf8').catch(() => '');
  }

  /** config.yaml as serve wrote it ('' before the first write). */
  async configText(): Promise<string> {
    return readFile(join(this.home, 'config.yaml'), 'utf8').catch(() => '');
  }

  /** config.yaml's `command_allowlist`, as the gate and Settings wrote it. */
  async allowlistOnDisk(): Promise<string[]> {
    const text = await readFile(join(this.home, 'config.yaml'), 'utf8').catch(() => '');
    const config = (parse(text) ?? {}) as { command_allowlist?: string[] };
    return config.command_allowlist ?? [];
  }
}

async function removeDirs(...dirs: string[]): Promise<void> {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}

/** The chat's status, error, composer, prompts and drawn rows, with the list's scroll place. */
const CHAT_STATE = `(() => {
  const q = (id) => document.querySelector('[data-testid="' + id + '"]');
  const list = q('message-list');
  return JSON.stringify({
    status: q('chat-status')?.getAttribute('data-status'),
    error: q('chat-error')?.textContent ?? null,
    composer: q('chat-input')?.value,
    send: (() => {
      // Whether a click on Send could have sent: enabled, and the element on top at its centre.
      const button = q('chat-send');
      if (!button) return null;
      const box = button.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return { disabled: button.disabled, onTop: top === button ? 'itself' : top?.outerHTML.slice(0, 80) ?? null };
    })(),
    prompts: [...document.querySelectorAll('[data-testid="message"][data-role="user"]')].map((m) => m.textContent.slice(0, 40)),
    rows: [...document.querySelectorAll('[data-index]')].map((r) => r.getAttribute('data-index') + (r.classList.contains('transcript-seek') ? ' (outline)' : '')),
    scroll: list && { top: list.scrollTop, height: list.scrollHeight, view: list.clientHeight },
  });
})()`;
