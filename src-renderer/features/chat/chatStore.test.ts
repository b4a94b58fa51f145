// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../src-shared/ipc/chatSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { emptyChat } from './chatReducer';
import { BUSY_SEND, useChat } from './chatStore';

let fake: FakeBridge;
let next = 0;

const started = (sessionId: string, turnId: string, text: string): ChatEvent => ({
  type: 'turn.started',
  sessionId,
  turnId,
  userMessage: { id: `${turnId}:u`, role: 'user', content: text, toolCalls: [], createdAt: 1 },
});

beforeEach(() => {
  next = 0;
  fake = createFakeBridge({
    'chat.send': () => {
      next++;
      return { sessionId: `s${next}`, turnId: `t${next}` };
    },
    'sessions.viewed': () => ({ ok: true }),
    'sessions.get': () => {
      throw new Error('a running chat kept in the window is not loaded again');
    },
  });
  setBridge(fake.bridge);
  useChat.setState({ ...emptyChat(), others: {} });
});

describe('useChat across sessions', () => {
  it('sends in a new chat while another runs, keeps both, and switching back shows the first as it is', async () => {
    const chat = () => useChat.getState();
    expect(await chat().send('first')).toBe(true);
    chat().apply(started('s1', 't1', 'first'));
    expect(chat().sessionId).toBe('s1');
    expect(chat().status).toBe('running');

    chat().newChat();
    expect(chat().status).toBe('idle');
    expect(await chat().send('second')).toBe(true);
    chat().apply(started('s2', 't2', 'second'));
    chat().apply({
      type: 'assistant.delta',
      sessionId: 's1',
      turnId: 't1',
      messageId: 'a1',
      text: 'still going',
    });
    expect(chat().sessionId).toBe('s2');
    expect(chat().order).toEqual(['t2:u']);

    await chat().openSession('s1');
    expect(chat().sessionId).toBe('s1');
    expect(chat().order).toEqual(['t1:u', 'a1']);
    expect(chat().messages.a1?.content).toBe('still going');
    expect(Object.keys(chat().others)).toEqual(['s2']);
    // Main hears each move: the chat adopted, the new chat, its session, back to the first.
    expect(fake.calls.filter((c) => c.name === 'sessions.viewed').map((c) => c.input)).toEqual([
      { id: 's1' },
      { id: null },
      { id: 's2' },
      { id: 's1' },
    ]);
  });
});

describe('useChat send', () => {
  it('refuses a message while the turn runs, says why, and sends it once the turn has ended', async () => {
    const chat = () => useChat.getState();
    expect(await chat().send('first')).toBe(true);
    chat().apply(started('s1', 't1', 'first'));
    expect(await chat().send('too soon')).toBe(false);
    expect(chat().lastError).toBe(BUSY_SEND);
    chat().apply({ type: 'turn.finished', sessionId: 's1', turnId: 't1', status: 'cancelled' });
    expect(chat().status).toBe('idle');
    expect(await chat().send('too soon')).toBe(true);
    expect(chat().lastError).toBeUndefined();
  });
});
