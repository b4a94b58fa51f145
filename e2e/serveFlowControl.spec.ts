import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowControl } from '../src-shared/constants';
import { ScriptedModel } from '../src-main/agent/testing/scriptedModel';
import { startServe, type Served } from './support/serve';
import { ServeSocket } from './support/serveSocket';

// Output that nobody consumes must never stall a command: the real `caduceus serve`, real PTYs,
// and pages played by plain WebSocket clients that acknowledge (or not) as the test says.
const POLL = { timeout: 60_000, interval: 100 };
const FLOOD = 'seq 1 300000';
let model: ScriptedModel;
let served: Served;
let home: string;
let work: string;

beforeAll(async () => {
  model = await ScriptedModel.start();
  home = await mkdtemp(join(tmpdir(), 'caduceus-flow-home-'));
  work = await mkdtemp(join(tmpdir(), 'caduceus-flow-work-'));
  // A plain sh for user shells: an interactive bash runs the machine's ~/.bashrc, which may be slow.
  served = await startServe({ baseUrl: model.baseUrl, home, cwd: work, env: { SHELL: '/bin/sh' } });
}, 60_000);

afterAll(async () => {
  await served?.stop();
  await model?.close();
  for (const dir of [home, work]) if (dir) await rm(dir, { recursive: true, force: true });
});

/** The agent runs `command` once, then answers. */
function scriptCommand(id: string, command: string): void {
  model.push(
    { toolCalls: [{ id, name: 'terminal', arguments: { command, workdir: work } }] },
    { text: 'Done.' },
  );
}

const flag = (name: string) => join(work, name);
const gated = (name: string) => `until [ -e ${name}.go ]; do sleep 0.1; done; ${FLOOD}; touch ${name}.done`;

describe('terminal output nobody consumes', () => {
  it('an agent command runs to the end with no page connected', async () => {
    scriptCommand('call_alone', gated('alone'));
    const page = await ServeSocket.open(served.url);
    expect(await page.request('chat.send', { text: 'Count far' })).toMatchObject({ ok: true });
    await page.close();
    // The command floods only once the page is gone.
    await writeFile(flag('alone.go'), '');
    await expect.poll(() => existsSync(flag('alone.done')), POLL).toBe(true);
    await expect.poll(() => model.requests.length, POLL).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('an agent command is never held back by a page that does not keep up', async () => {
    scriptCommand('call_slow', gated('slow'));
    const slow = await ServeSocket.open(served.url);
    await slow.request('chat.send', { text: 'Count far again' });
    // This page stays connected and never acknowledges: the command runs to the end anyway.
    await writeFile(flag('slow.go'), '');
    await expect.poll(() => existsSync(flag('slow.done')), POLL).toBe(true);
    await slow.close();
  }, 90_000);

  it('an agent command goes on when its page drops, and a page that comes back follows the next one', async () => {
    scriptCommand('call_drop', gated('drop'));
    const first = await ServeSocket.open(served.url);
    await first.request('chat.send', { text: 'Count far once more' });
    // The next page sees the command start, never acknowledges, then drops mid-flood.
    await writeFile(flag('drop.go'), '');
    await first.until(() => first.events.some((e) => e.name === 'terminal.data'));
    await first.close();
    await expect.poll(() => existsSync(flag('drop.done')), POLL).toBe(true);

    const again = await ServeSocket.open(served.url);
    again.ackEverything();
    scriptCommand('call_back', `${FLOOD}; echo back-$((1+1))-done`);
    await again.request('chat.send', { text: 'Count once more' });
    const streamId = () => again.streamOf('call_back') ?? '';
    await again.until(() => again.output(streamId()).includes('back-2-done'));
    expect(again.output(streamId())).toContain('300000');
    await again.close();
  }, 90_000);

  it('a user shell is held back only while its page is connected, and follows a page that comes back', async () => {
    const first = await ServeSocket.open(served.url);
    const opened = await first.request('terminal.openShell', { cols: 80, rows: 24 });
    if (!opened.ok) throw new Error(opened.error.message);
    const { streamId } = opened.value as { streamId: string };
    first.notify('terminal.write', { streamId, data: `${FLOOD}; touch ${flag('shell-1.done')}\r` });
    // Past the high watermark without acknowledgements: the shell waits for this page.
    await first.until(() => first.output(streamId).length > FlowControl.highWatermarkChars);
    await first.close();
    await expect.poll(() => existsSync(flag('shell-1.done')), POLL).toBe(true);

    const again = await ServeSocket.open(served.url);
    again.ackEverything();
    again.notify('terminal.write', { streamId, data: `${FLOOD}; echo shell-$((1+1))-done\r` });
    await again.until(() => again.output(streamId).includes('shell-2-done'));
    expect(again.output(streamId)).toContain('300000');
    expect(await again.request('terminal.close', { streamId })).toMatchObject({ ok: true });
    await again.close();
  }, 90_000);
});
