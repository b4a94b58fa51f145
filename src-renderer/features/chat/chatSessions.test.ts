import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../src-shared/ipc/chatSchemas';
import { emptyChat, type ChatData } from './chatReducer';
import { routeChatEvent, switchView, type ChatSessions } from './chatSessions';

const started = (sessionId: string, turnId: string, text: string): ChatEvent => ({
  type: 'turn.started',
  sessionId,
  turnId,
  userMessage: { id: `${turnId}:u`, role: 'user', content: text, toolCalls: [], createdAt: 1 },
});
const delta = (sessionId: string, turnId: string, text: string): ChatEvent => ({
  type: 'assistant.delta',
  sessionId,
  turnId,
  messageId: `${turnId}:a`,
  text,
});
const finished = (sessionId: string, turnId: string): ChatEvent => ({
  type: 'turn.finished',
  sessionId,
  turnId,
  status: 'done',
});
const run = (sessions: ChatSessions, events: ChatEvent[]) => events.reduce(routeChatEvent, sessions);
const content = (chat: ChatData | undefined) => chat?.order.map((id) => chat.messages[id]?.content);

describe('routeChatEvent and switchView', () => {
  it('keeps a running chat when the view moves to a new one, and both get their own events', () => {
    let s: ChatSessions = { view: { ...emptyChat(), status: 'sending' }, others: {} };
    s = run(s, [started('s1', 't1', 'first'), delta('s1', 't1', 'one…')]);
    expect(s.view.sessionId).toBe('s1');
    // New chat while s1 runs: s1 is kept, the view is empty and sends its own turn.
    s = switchView(s, { ...emptyChat(), status: 'sending' });
    expect(Object.keys(s.others)).toEqual(['s1']);
    s = run(s, [delta('s1', 't1', ' still'), started('s2', 't2', 'second'), delta('s2', 't2', 'two')]);
    expect(s.view.sessionId).toBe('s2');
    expect(content(s.view)).toEqual(['second', 'two']);
    expect(content(s.others.s1)).toEqual(['first', 'one… still']);
    s = run(s, [finished('s2', 't2'), finished('s1', 't1')]);
    expect(s.view.status).toBe('idle');
    expect(s.others.s1?.status).toBe('idle');
    // Back to s1: its kept chat is the view, and s2 (idle) is not kept.
    const kept = s.others.s1;
    if (!kept) throw new Error('s1 was not kept');
    s = switchView(s, kept);
    expect(s.view.sessionId).toBe('s1');
    expect(s.others).toEqual({});
  });

  it('a new chat that is sending does not adopt the events of a session it already keeps', () => {
    let s: ChatSessions = { view: { ...emptyChat(), status: 'sending' }, others: {} };
    s = run(s, [started('s1', 't1', 'first')]);
    s = switchView(s, { ...emptyChat(), status: 'sending' });
    s = run(s, [delta('s1', 't1', 'x')]);
    expect(s.view.sessionId).toBeUndefined();
    // Nor output of an unknown session's running turn: only its start.
    s = run(s, [delta('s9', 't9', 'y')]);
    expect(s.view.sessionId).toBeUndefined();
  });

  it('a queued turn says so until it starts', () => {
    let s: ChatSessions = { view: { ...emptyChat(), status: 'sending' }, others: {} };
    s = run(s, [{ type: 'turn.queued', sessionId: 's1', turnId: 't1', running: 4 }]);
    expect([s.view.sessionId, s.view.status, s.view.queued]).toEqual(['s1', 'running', 4]);
    s = run(s, [started('s1', 't1', 'go')]);
    expect(s.view.queued).toBeUndefined();
  });
});
