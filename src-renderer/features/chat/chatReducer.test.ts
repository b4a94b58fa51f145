import { describe, expect, it } from 'vitest';
import type { ChatEvent, ToolCallView } from '../../../src-shared/ipc/chatSchemas';
import {
  applyChatEvent,
  chatFromSession,
  emptyChat,
  MAX_TOOL_OUTPUT_CHARS,
  type ChatData,
} from './chatReducer';

const base = { sessionId: 's1', turnId: 't1' };
const call = (id: string, extra: Partial<ToolCallView> = {}): ToolCallView => ({
  id,
  name: 'terminal',
  emoji: '💻',
  args: '{"command":"ls"}',
  argsPreview: 'ls',
  taskId: 'default',
  status: 'running',
  startedAt: 1_000,
  ...extra,
});
const run = (events: ChatEvent[], start: ChatData = { ...emptyChat(), status: 'sending' }) =>
  events.reduce(applyChatEvent, start);
const started: ChatEvent = {
  type: 'turn.started',
  ...base,
  userMessage: { id: 'u1', role: 'user', content: 'hi', toolCalls: [], createdAt: 1 },
};

describe('applyChatEvent', () => {
  it('keeps which live message each stored id is, as main tells it', () => {
    const chat = run([
      { ...started, userMessage: { ...started.userMessage, storedId: 's1:4' } } as ChatEvent,
      { type: 'assistant.delta', ...base, messageId: 'a1', text: 'Looking' },
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c1'), storedMessageId: 's1:5' },
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c2'), storedMessageId: 's1:7' },
      {
        type: 'assistant.message',
        ...base,
        message: {
          id: 'a2',
          role: 'assistant',
          content: 'Done',
          toolCalls: [],
          createdAt: 2,
          storedId: 's1:9',
        },
      },
    ]);
    expect(chat.storedIds).toEqual({ 's1:4': 'u1', 's1:5': 'a1', 's1:7': 'a1', 's1:9': 'a2' });
    expect(chat.messages.a2).not.toHaveProperty('storedId');
  });

  it('adopts the session of its own send and streams deltas into one message', () => {
    const chat = run([
      started,
      { type: 'assistant.delta', ...base, messageId: 'a1', text: 'Hel' },
      { type: 'assistant.delta', ...base, messageId: 'a1', text: 'lo' },
    ]);
    expect(chat.sessionId).toBe('s1');
    expect(chat.status).toBe('running');
    expect(chat.order).toEqual(['u1', 'a1']);
    expect(chat.messages.a1?.content).toBe('Hello');
  });

  it('ignores events of other sessions, and of any session when nothing was sent', () => {
    const other: ChatEvent = {
      type: 'assistant.delta',
      sessionId: 's2',
      turnId: 't',
      messageId: 'x',
      text: 'no',
    };
    expect(run([started, other]).order).toEqual(['u1']);
    const idle = emptyChat();
    expect(applyChatEvent(idle, started)).toBe(idle);
  });

  it('keeps tool calls by id, in the order the message started them, and settles them', () => {
    const chat = run([
      started,
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c1') },
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c2', { name: 'read_file' }) },
      { type: 'tool.output', ...base, toolCallId: 'c1', chunk: 'out' },
      { type: 'tool.finished', ...base, toolCallId: 'c2', status: 'denied', durationMs: 5, result: 'no' },
    ]);
    expect(chat.messages.a1?.toolCallIds).toEqual(['c1', 'c2']);
    expect(chat.toolCalls.c1).toMatchObject({ status: 'running', output: 'out' });
    expect(chat.toolCalls.c2).toMatchObject({ status: 'denied', durationMs: 5, result: 'no' });
  });

  it('does not let a later snapshot set a finished call back to running', () => {
    const chat = run([
      started,
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c1') },
      { type: 'tool.finished', ...base, toolCallId: 'c1', status: 'ok', durationMs: 9, result: 'done' },
      {
        type: 'assistant.message',
        ...base,
        message: { id: 'a1', role: 'assistant', content: 'final', toolCalls: [call('c1')], createdAt: 2 },
      },
    ]);
    expect(chat.messages.a1?.content).toBe('final');
    expect(chat.toolCalls.c1?.status).toBe('ok');
  });

  it('treats output of a turn it did not see start as a running turn', () => {
    const opened = { ...emptyChat(), sessionId: 's1' };
    const chat = applyChatEvent(opened, { type: 'assistant.delta', ...base, messageId: 'a1', text: 'x' });
    expect(chat).toMatchObject({ status: 'running', turnId: 't1' });
  });

  it('caps live tool output at its tail', () => {
    const chunk = 'x'.repeat(MAX_TOOL_OUTPUT_CHARS);
    const chat = run([
      started,
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c1') },
      { type: 'tool.output', ...base, toolCallId: 'c1', chunk },
      { type: 'tool.output', ...base, toolCallId: 'c1', chunk: 'END' },
    ]);
    expect(chat.toolCalls.c1?.output).toHaveLength(MAX_TOOL_OUTPUT_CHARS);
    expect(chat.toolCalls.c1?.output.endsWith('END')).toBe(true);
  });

  it('shows a clarify question until the turn ends, then settles calls left running', () => {
    const asked = run([
      started,
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c1') },
      { type: 'clarify.requested', ...base, id: 'q1', question: 'Which?', choices: ['a', 'b'] },
    ]);
    expect(asked.clarify).toEqual({ id: 'q1', question: 'Which?', choices: ['a', 'b'] });
    const done = applyChatEvent(asked, { type: 'turn.finished', ...base, status: 'error', error: 'boom' });
    expect(done).toMatchObject({ status: 'idle', clarify: undefined, lastError: 'boom', turnId: undefined });
    expect(done.toolCalls.c1?.status).toBe('error');
  });

  it('does not let a late event of a finished turn make the chat busy again', () => {
    const stopped = run([
      started,
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c1') },
      { type: 'turn.finished', ...base, status: 'cancelled' },
    ]);
    const late = run([{ type: 'tool.output', ...base, toolCallId: 'c1', chunk: 'Terminated\n' }], stopped);
    expect(late.status).toBe('idle');
    const next = run(
      [
        { ...started, turnId: 't2' },
        { type: 'assistant.delta', sessionId: 's1', turnId: 't2', messageId: 'a2', text: 'Hi' },
      ],
      late,
    );
    expect(next.status).toBe('running');
    expect(next.messages.a2?.content).toBe('Hi');
  });

  it('settles calls a stopped turn left running as stopped, not failed', () => {
    const stopped = run([
      started,
      { type: 'tool.started', ...base, messageId: 'a1', call: call('c1') },
      { type: 'turn.finished', ...base, status: 'cancelled' },
    ]);
    expect(stopped).toMatchObject({ status: 'idle', lastError: undefined });
    expect(stopped.toolCalls.c1?.status).toBe('stopped');
    expect(stopped.messages.a1?.toolCallIds).toEqual(['c1']);
  });
});

describe('chatFromSession', () => {
  it('rebuilds messages and tool calls from a stored session', () => {
    const chat = chatFromSession({
      id: 's1',
      title: 'T',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 2,
      messages: [
        { id: 'u1', role: 'user', content: 'hi', toolCalls: [], createdAt: 1 },
        { id: 'a1', role: 'assistant', content: '', toolCalls: [call('c1', { status: 'ok' })], createdAt: 2 },
      ],
    });
    expect(chat.sessionId).toBe('s1');
    expect(chat.order).toEqual(['u1', 'a1']);
    expect(chat.messages.a1?.toolCallIds).toEqual(['c1']);
    expect(chat.toolCalls.c1?.status).toBe('ok');
    expect(chat.status).toBe('idle');
  });

  it('a session reloaded while its turn runs is running, so Stop is offered, until the turn ends', () => {
    const detail = {
      id: 's1',
      title: 'T',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 1,
      running: true,
      messages: [
        { id: 'a1', role: 'assistant' as const, content: '', toolCalls: [call('c1')], createdAt: 2 },
      ],
    };
    const chat = chatFromSession(detail);
    expect(chat.status).toBe('running');
    const ended = applyChatEvent(chat, { type: 'turn.finished', ...base, status: 'cancelled' });
    expect(ended.status).toBe('idle');
    expect(ended.toolCalls.c1?.status).toBe('stopped');
  });
});
