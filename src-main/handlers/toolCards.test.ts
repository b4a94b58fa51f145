import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatEventMapper } from './chatEvents';
import { sessionDetail } from './sessions';
import { exportSession } from '../agent/sessions/export';
import { SessionStore } from '../agent/sessions/store';
import { storedToolCallViews } from '../agent/toolCards';

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
    expect(reloaded).toEqual([...cards.values()]);

    const md = exportSession(store, s.id, 'markdown') ?? '';
    expect(md).toContain('`terminal` (c_denied): Denied');
    expect(md).toContain('> **Denied by you**');
    expect(md).toContain('`terminal` (c_failed): Failed · exit 3');
    expect(md).toContain('`terminal` (c_stopped): Stopped');
    expect(md).toContain('`terminal` (c_lost): Stopped');
  });
});
