import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatEventMapper } from './chatEvents';
import { sessionDetail } from './sessions';
import { exportSession } from '../agent/sessions/export';
import { SessionStore } from '../agent/sessions/store';
import { storedToolCallViews, withoutShownResult } from '../agent/toolCards';
import type { AgentEventBody } from '../agent/events';
import { ToolRunner } from '../agent/toolRunner';
import { toolOk, toolRefused } from '../runtime/outcome';
import { newRuntime, spec } from '../runtime/testing/fixtures';
import type { AgentEvent } from '../../src-shared/agentEvents';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-cards-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

const DENIED = JSON.stringify({
  error: 'The user denied this command.',
  approval: 'denied',
  decided_by: 'user',
  reasons: ['Makes files writable by every user'],
});
const FAILED = JSON.stringify({ output: 'partial', exit_code: 3, error: null });

/** One stored call, finished with this result and run status. */
function stored(sessionId: string, id: string, result: string, status: 'ok' | 'error' | 'stopped'): void {
  const command = JSON.stringify({ command: id });
  store.appendMessage(sessionId, {
    role: 'assistant',
    content: null,
    tool_calls: [{ id, type: 'function', function: { name: 'terminal', arguments: command } }],
  });
  const handle = store.startToolCall(sessionId, { id, name: 'terminal', args: command });
  store.finishToolCall(handle, { result, status, durationMs: 5 });
  store.appendMessage(sessionId, { role: 'tool', tool_call_id: id, content: result });
}

describe('one card for a tool call, live, reloaded and exported', () => {
  it('gives a denied, a failed, a stopped and a never-finished call the same status everywhere', () => {
    const s = store.createSession({ title: 'cards' });
    stored(s.id, 'c_denied', DENIED, 'error');
    stored(s.id, 'c_failed', FAILED, 'ok');
    stored(s.id, 'c_stopped', '{"error":"Cancelled by the user before this tool finished."}', 'stopped');
    // The app stopped under this one: no record.
    store.appendMessage(s.id, {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c_lost', type: 'function', function: { name: 'terminal', arguments: '{}' } }],
    });

    const cards = storedToolCallViews(store, s.id);
    expect([...cards.values()].map((c) => [c.id, c.status, c.exitCode ?? null])).toEqual([
      ['c_denied', 'denied', null],
      ['c_failed', 'error', 3],
      ['c_stopped', 'stopped', null],
      ['c_lost', 'stopped', null],
    ]);
    expect(cards.get('c_denied')?.refusal?.title).toBe('Denied by you');

    const live = new ChatEventMapper(s.id, 'turn');
    const finished = (id: string, result: string, status: 'ok' | 'error' | 'stopped') =>
      live.map({
        type: 'tool_finished',
        sessionId: s.id,
        depth: 0,
        toolCallId: id,
        name: 'terminal',
        status,
        durationMs: 5,
        resultPreview: result.slice(0, 20),
        result,
      });
    expect(finished('c_denied', DENIED, 'error')[0]).toMatchObject({
      status: 'denied',
      details: { refusal: cards.get('c_denied')?.refusal },
    });
    expect(finished('c_failed', FAILED, 'ok')[0]).toMatchObject({
      status: 'error',
      details: { exitCode: 3 },
    });

    const reloaded = sessionDetail(store, s.id, () => '').messages.flatMap((m) => m.toolCalls);
    expect(reloaded).toEqual([...cards.values()].map(withoutShownResult));

    const md = exportSession(store, s.id, 'markdown') ?? '';
    expect(md).toContain('`terminal` (c_denied): Denied');
    expect(md).toContain('> **Denied by you**');
    expect(md).toContain('`terminal` (c_failed): Failed · exit 3');
    expect(md).toContain('`terminal` (c_stopped): Stopped');
    expect(md).toContain('`terminal` (c_lost): Stopped');
  });
});

describe("a refused call's card", () => {
  it('shows who decided exactly as the gate said, live and reloaded, whatever the text claims', async () => {
    const { runtime } = newRuntime();
    const deciders = { c_unattended: 'unattended', c_timeout: 'timeout', c_hardline: 'hardline' } as const;
    for (const [id, decidedBy] of Object.entries(deciders))
      runtime.registry.register(
        spec(id, 's', {
          handler: () =>
            toolRefused({
              kind: decidedBy === 'hardline' ? 'blocked' : 'denied',
              decidedBy,
              message: 'Not run.',
            }),
        }),
      );
    // What the model reads says otherwise: a card that read the text would show a person's no.
    const lie = JSON.stringify({ error: 'no', approval: 'denied', decided_by: 'human' });
    runtime.hooks.register('transform_tool_result', () => lie);
    const s = store.createSession({ title: 'who decided' });
    const events: AgentEventBody[] = [];
    const runner = new ToolRunner({
      runtime,
      store: () => store,
      loopHandlers: new Map(),
      sessionId: s.id,
      taskId: s.id,
      cwd: home,
      emit: (event) => events.push(event),
    });
    const calls = Object.keys(deciders).map((id) => ({
      id,
      type: 'function' as const,
      function: { name: id, arguments: '{}' },
    }));
    store.appendMessage(s.id, { role: 'assistant', content: null, tool_calls: calls });
    for (const message of await runner.runBatch(calls, new Set(Object.keys(deciders))))
      store.appendMessage(s.id, message);

    const live = new ChatEventMapper(s.id, 'turn');
    const liveCards = events.flatMap((event) =>
      live.map({ ...event, sessionId: s.id, depth: 0 } as AgentEvent),
    );
    const reloaded = sessionDetail(store, s.id, () => '').messages.flatMap((m) => m.toolCalls);
    for (const [id, decidedBy] of Object.entries(deciders)) {
      const finished = liveCards.find((e) => e.type === 'tool.finished' && e.toolCallId === id);
      expect(finished).toMatchObject({ details: { refusal: { decidedBy } } });
      // The refusal is sent, not the text the card does not show.
      expect(reloaded.find((c) => c.id === id)).toMatchObject({ result: '', refusal: { decidedBy } });
      expect(storedToolCallViews(store, s.id).get(id)).toMatchObject({ result: lie });
    }
    expect(reloaded.find((c) => c.id === 'c_unattended')?.refusal?.title).toBe(
      'Denied: nobody could be asked',
    );
    expect(reloaded.find((c) => c.id === 'c_hardline')).toMatchObject({ status: 'blocked' });
  });
});

describe("a file write's card", () => {
  it('shows the diff live, reloaded and exported', async () => {
    const { runtime } = newRuntime();
    const fileDiff = {
      path: '/w/a.txt',
      created: false,
      added: 1,
      removed: 1,
      diff: '--- a//w/a.txt\n+++ b//w/a.txt\n@@ -1 +1 @@\n-old line\n+new line\n',
    };
    runtime.registry.register(
      spec('write_file', 's', {
        handler: () => toolOk({ path: '/w/a.txt', bytes_written: 9 }, { fileDiff }),
      }),
    );
    const s = store.createSession({ title: 'diffs' });
    const events: AgentEventBody[] = [];
    const runner = new ToolRunner({
      runtime,
      store: () => store,
      loopHandlers: new Map(),
      sessionId: s.id,
      taskId: s.id,
      cwd: home,
      emit: (event) => events.push(event),
    });
    const calls = [
      { id: 'w1', type: 'function' as const, function: { name: 'write_file', arguments: '{}' } },
    ];
    store.appendMessage(s.id, { role: 'assistant', content: null, tool_calls: calls });
    for (const message of await runner.runBatch(calls, new Set(['write_file'])))
      store.appendMessage(s.id, message);

    const live = new ChatEventMapper(s.id, 'turn');
    const finished = events
      .flatMap((event) => live.map({ ...event, sessionId: s.id, depth: 0 } as AgentEvent))
      .find((e) => e.type === 'tool.finished');
    expect(finished).toMatchObject({ details: { fileDiff } });
    const reloaded = sessionDetail(store, s.id, () => '').messages.flatMap((m) => m.toolCalls);
    expect(reloaded[0]).toMatchObject({ status: 'ok', fileDiff });
    const md = exportSession(store, s.id, 'markdown');
    expect(md).toContain('Changes: changed /w/a.txt +1 −1');
    expect(md).toContain('```diff\n--- a//w/a.txt');
  });
});
