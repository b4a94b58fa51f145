import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { ScriptedModel } from '../src-main/agent/testing/scriptedModel';
import { killAll, processesWith, uniqueSleep } from '../src-main/terminal/testing/commandLines';
import { openApp } from './support/chromium';
import { spawnCli, startServe, stopChild } from './support/serve';

// SIGINT, SIGTERM and SIGHUP end `caduceus chat` and `caduceus serve` the same way: every
// process the agent started ends with them. Each test's processes carry a unique marker.
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const GONE = { timeout: 10_000, interval: 100 };
let model: ScriptedModel;
let home: string;
let work: string;
let marker = '';

beforeAll(async () => {
  model = await ScriptedModel.start();
  home = await mkdtemp(join(tmpdir(), 'caduceus-signals-home-'));
  work = await mkdtemp(join(tmpdir(), 'caduceus-signals-work-'));
});
afterEach(() => {
  // Only a test that started sleeps has a marker to find them by.
  if (marker !== '') killAll(processesWith(marker));
  marker = '';
  model.reset();
});
afterAll(async () => {
  await model.close();
  await rm(home, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** A background and a foreground `sleep & sleep`: two process groups, four sleeps, two shells. */
function scriptSleeps(): void {
  marker = uniqueSleep();
  const command = `sleep ${marker} & sleep ${marker}`;
  model.push({
    toolCalls: [
      { id: 'bg', name: 'terminal', arguments: { command, background: true } },
      { id: 'fg', name: 'terminal', arguments: { command } },
    ],
  });
  model.fallback = () => ({ text: 'done' });
}

async function waitForSleeps(log: () => string): Promise<void> {
  await vi.waitFor(
    () => {
      const sleeps = processesWith(`sleep ${marker}`).length;
      if (sleeps < 4) throw new Error(`${sleeps} of 4 sleeps running\n${log()}`);
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe.each(SIGNALS)('%s', (signal) => {
  it('to caduceus chat ends the turn and every process it started', async () => {
    scriptSleeps();
    const child = spawnCli(
      ['chat', '-q', 'sleep twice', '--base-url', model.baseUrl, '--model', 'scripted', '--api-key', 'k'],
      { home, cwd: work },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitForSleeps(() => stderr);
      child.kill(signal);
      expect(await exit).not.toBe(0);
      await vi.waitFor(() => expect(processesWith(marker)).toEqual([]), GONE);
    } finally {
      await stopChild(child, 'SIGKILL');
    }
  }, 60_000);

  it('to caduceus serve ends a running turn and every process it started', async () => {
    scriptSleeps();
    const served = await startServe({ baseUrl: model.baseUrl, home, cwd: work });
    try {
      const url = new URL(served.url);
      const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, {
        origin: `http://${url.host}`,
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.on('error', () => undefined); // the server going away is what this test does
      ws.send(
        JSON.stringify({ type: 'request', id: 1, name: 'chat.send', payload: { text: 'sleep twice' } }),
      );
      await waitForSleeps(served.log);
      // It stops by itself: the test's helper kills it only after 10 s.
      expect(await served.stop(signal)).not.toMatchObject({ signal: 'SIGKILL' });
      await vi.waitFor(() => expect(processesWith(marker)).toEqual([]), GONE);
    } finally {
      await served.stop('SIGKILL');
    }
  }, 60_000);

  it('to caduceus serve stops it while a page is open, whatever connections the browser keeps', async () => {
    const served = await startServe({ baseUrl: model.baseUrl, home, cwd: work });
    const browser = await openApp(served.url);
    try {
      // Right after the page loads, the browser still holds spare connections it never used.
      expect(await served.stop(signal)).not.toMatchObject({ signal: 'SIGKILL' });
    } finally {
      await browser.close();
      await served.stop('SIGKILL');
    }
  }, 60_000);
});
