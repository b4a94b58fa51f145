// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../src-shared/ipc/chatSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge } from '../../testing/fakeBridge';
import { emptyChat } from './chatReducer';
import { useChat } from './chatStore';

const call = { id: 'c_other', name: 'terminal', emoji: '', args: '{}', argsPreview: '', taskId: 's2' };

beforeEach(() => {
  setBridge(createFakeBridge({ 'sessions.viewed': () => ({ ok: true }) }).bridge);
  const view = { ...emptyChat(), sessionId: 's1', order: ['m1'] };
  view.messages = { m1: { id: 'm1', role: 'user', content: 'hi', toolCallIds: [], createdAt: 1 } };
  const other = { ...emptyChat(), sessionId: 's2', status: 'running' as const, turnId: 't2' };
  useChat.setState({ ...view, others: { s2: other } });
});

describe('the chat in view while another session streams', () => {
  it("keeps the view's order, messages and calls as they were, so the transcript does not draw again", () => {
    const before = useChat.getState();
    const events: ChatEvent[] = [
      {
        type: 'tool.started',
        sessionId: 's2',
        turnId: 't2',
        messageId: 'a2',
        call: { ...call, status: 'running', startedAt: 1 },
      },
      { type: 'assistant.delta', sessionId: 's2', turnId: 't2', messageId: 'a2', text: 'more' },
    ];
    for (const event of events) useChat.getState().apply(event);
    useChat.getState().streamedOutput('c_other', 'a chunk of output');
    const after = useChat.getState();
    expect(after.others.s2?.toolCalls.c_other?.output).toBe('a chunk of output');
    expect(after.others.s2?.messages.a2?.content).toBe('more');
    expect(after.order).toBe(before.order);
    expect(after.messages).toBe(before.messages);
    expect(after.toolCalls).toBe(before.toolCalls);
    expect(after.clarify).toBe(before.clarify);
  });
});

describe('reopening a session seen lately', () => {
  it('shows the chat as it was at once, then main’s copy when it arrives', async () => {
    const detail = (content: string) => ({
      id: 's9',
      title: 't',
      createdAt: 1,
      updatedAt: 1,
      messageCount: 1,
      messages: [{ id: 's9:0', role: 'user' as const, content, toolCalls: [], createdAt: 1 }],
    });
    let answer: (value: ReturnType<typeof detail>) => void = () => undefined;
    let loads = 0;
    setBridge(
      createFakeBridge({
        'sessions.viewed': () => ({ ok: true }),
        'sessions.get': () => {
          loads++;
          if (loads === 1) return detail('first copy');
          return new Promise((resolve) => (answer = resolve)) as never;
        },
      }).bridge,
    );
    const chat = () => useChat.getState();
    await chat().openSession('s9');
    expect(chat().messages['s9:0']?.content).toBe('first copy');
    chat().newChat();
    expect(chat().sessionId).toBeUndefined();

    const opening = chat().openSession('s9');
    expect(chat().sessionId).toBe('s9');
    expect(chat().messages['s9:0']?.content).toBe('first copy');
    answer(detail('newer copy'));
    await opening;
    expect(chat().messages['s9:0']?.content).toBe('newer copy');

    // The same again: the chat shown stays as it is, not drawn anew.
    chat().newChat();
    const again = chat().openSession('s9');
    const shown = chat().messages;
    answer(detail('newer copy'));
    await again;
    expect(chat().messages).toBe(shown);
  });
});
