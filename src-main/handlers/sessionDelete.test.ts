import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../src-shared/ipc/chatSchemas';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import type { AppCore } from '../appCore';
import { killAll, processesWith, uniqueSleep } from '../terminal/testing/commandLines';
import { useCoreHome } from '../testing/coreHome';

// Deleting a session ends what runs for it: its turn, its commands, its agent tab everywhere.
const WAIT = { timeout: 15_000, interval: 50 };
const coreHome = useCoreHome('caduceus-session-delete-', { perFile: true, homeInside: true });
let model: ScriptedModel;
let core: AppCore;
let events: Array<{ name: string; payload: unknown }> = [];

beforeAll(async () => {
  const cwd = JSON.stringify(coreHome.dir);
  await writeFile(join(coreHome.home, 'config.yaml'), `terminal:\n  local:\n    cwd: ${cwd}\n`);
  model = await ScriptedModel.start();
  core = await coreHome.start({
    env: { ...process.env },
    modelOverrides: { baseUrl: model.baseUrl, model: 'scripted', apiKey: 'test-key' },
  });
  core.events.subscribe((name, payload) => events.push({ name, payload }));
});
afterAll(async () => {
  await model.close();
});
beforeEach(() => {
  events = [];
  model.reset();
});

async function call<T>(name: string, payload: unknown): Promise<T> {
  const reply = await core.invoke(name, payload);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value as T;
}

const chatEvents = () => events.flatMap((e) => (e.name === 'chat.event' ? [e.payload as ChatEvent] : []));
const named = (name: string) => events.filter((e) => e.name === name).map((e) => e.payload);
const streamOf = (toolCallId: string) =>
  (named('terminal.data') as Array<{ streamId: string; toolCallId?: string }>).find(
    (d) => d.toolCallId === toolCallId,
  )?.streamId;

describe('sessions.delete', () => {
  it('stops the running turn, ends its foreground and background commands, keeps the user shell', async () => {
    const background = `sleep ${uniqueSleep()}`;
    const foreground = `sleep ${uniqueSleep()}`;
    model.push(
      {
        toolCalls: [
          { id: 'call_bg', name: 'terminal', arguments: { command: background, background: true } },
        ],
      },
      { toolCalls: [{ id: 'call_fg', name: 'terminal', arguments: { command: foreground, pty: true } }] },
    );
    const { sessionId, turnId } = await call<{ sessionId: string; turnId: string }>('chat.send', {
      text: 'Start two long commands',
    });
    try {
      await vi.waitFor(() => expect(processesWith(foreground)).not.toEqual([]), WAIT);
      expect(processesWith(background)).not.toEqual([]);
      const shell = await call<{ streamId: string }>('terminal.openShell', {
        taskId: sessionId,
        cols: 80,
        rows: 24,
      });
      const streams = [streamOf('call_bg'), streamOf('call_fg')];
      expect(streams).not.toContain(undefined);

      await call('sessions.delete', { id: sessionId });

      await vi.waitFor(() => expect(processesWith(foreground)).toEqual([]), WAIT);
      await vi.waitFor(() => expect(processesWith(background)).toEqual([]), WAIT);
      const exited = (named('terminal.exit') as Array<{ streamId: string }>).map((e) => e.streamId);
      for (const streamId of streams) expect(exited).toContain(streamId);
      expect(named('terminal.taskClosed')).toEqual([{ taskId: sessionId }]);
      expect(named('sessions.deleted')).toEqual([{ id: sessionId }]);
      expect(chatEvents()).toContainEqual(
        expect.objectContaining({ type: 'turn.finished', turnId, status: 'cancelled' }),
      );
      // The turn was over before the session went, so the event comes after its end.
      const closedAt = events.findIndex((e) => e.name === 'terminal.taskClosed');
      const endedAt = events.findIndex(
        (e) => e.name === 'chat.event' && (e.payload as ChatEvent).type === 'turn.finished',
      );
      expect(endedAt).toBeLessThan(closedAt);
      expect((await core.invoke('sessions.get', { id: sessionId })).ok).toBe(false);
      // A page that loads now is not given the task's screen back.
      const page: Array<{ taskId?: string }> = [];
      const leave = core.events.subscribe((name, payload) => {
        if (name === 'terminal.data') page.push(payload as { taskId?: string });
      }, 'page-after-delete');
      expect((await core.invoke('terminal.restore', {}, { consumer: 'page-after-delete' })).ok).toBe(true);
      leave();
      expect(page.filter((d) => d.taskId === sessionId)).toEqual([]);
      // The human's shell in that session's environment is theirs: it still answers.
      expect(exited).not.toContain(shell.streamId);
      await call('terminal.write', { streamId: shell.streamId, data: 'echo still-$((40+2))\r' });
      await vi.waitFor(
        () =>
          expect(
            (named('terminal.data') as Array<{ streamId: string; data: string }>)
              .filter((d) => d.streamId === shell.streamId)
              .map((d) => d.data)
              .join(''),
          ).toContain('still-42'),
        WAIT,
      );
      await call('terminal.close', { streamId: shell.streamId });
    } finally {
      killAll([...processesWith(foreground), ...processesWith(background)]);
    }
  });

  it('is unchanged when nothing runs: no event for a session that does not exist', async () => {
    model.push({ text: 'Hello.' });
    const { sessionId, turnId } = await call<{ sessionId: string; turnId: string }>('chat.send', {
      text: 'Hi',
    });
    await vi.waitFor(
      () => expect(chatEvents()).toContainEqual(expect.objectContaining({ type: 'turn.finished', turnId })),
      WAIT,
    );
    await call('sessions.delete', { id: sessionId });
    expect(named('terminal.taskClosed')).toEqual([{ taskId: sessionId }]);
    await call('sessions.delete', { id: sessionId });
    await call('sessions.delete', { id: 'no-such-session' });
    expect(named('terminal.taskClosed')).toHaveLength(1);
    expect(named('sessions.deleted')).toEqual([{ id: sessionId }]);
  });
});
