/** The agent's events of one turn, as the page receives them. */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src-shared/agentEvents';
import type { ChatEvent } from '../../src-shared/ipc/chatSchemas';
import { ChatEventMapper } from './chatEvents';

const at = { sessionId: 's1', depth: 0 };
const turn = { sessionId: 's1', turnId: 't1' };

function mapAll(events: AgentEvent[], streamed: (id: string) => boolean = () => false): ChatEvent[] {
  const mapper = new ChatEventMapper('s1', 't1', streamed);
  return events.flatMap((event) => mapper.map(event));
}

describe('ChatEventMapper', () => {
  it('maps a turn with text, a tool call and a question, keeping the cards in their message', () => {
    const out = mapAll([
      { type: 'turn_started', ...at, prompt: 'list it' },
      { type: 'assistant_delta', ...at, text: 'Looking' },
      {
        type: 'tool_started',
        ...at,
        toolCallId: 'c1',
        name: 'terminal',
        emoji: '💻',
        icon: 'terminal',
        argsPreview: 'ls',
        args: '{"command":"ls"}',
      },
      { type: 'tool_output', ...at, toolCallId: 'c1', chunk: 'a\n' },
      {
        type: 'tool_finished',
        ...at,
        toolCallId: 'c1',
        name: 'terminal',
        status: 'ok',
        durationMs: 12,
        waitMs: 3,
        resultPreview: 'a',
        result: '{"output":"a\\n","exit_code":0}',
        outcome: { exitCode: 0 },
      },
      { type: 'approval_requested', ...at, requestId: 'r1', command: 'ls', reasons: [] },
      { type: 'approval_resolved', ...at, requestId: 'r1', decision: 'once', decidedBy: 'human' },
      { type: 'clarify_requested', ...at, requestId: 'q1', question: 'Which?', choices: ['a', 'b'] },
      { type: 'clarify_resolved', ...at, requestId: 'q1', answer: 'a' },
      { type: 'assistant_delta', ...at, text: 'Done' },
      { type: 'turn_finished', ...at, status: 'max_iterations', text: 'Done', iterations: 3 },
      { type: 'assistant_delta', ...at, text: 'late' },
    ]);
    expect(out.map((e) => e.type)).toEqual([
      'turn.started',
      'assistant.delta',
      'tool.started',
      'tool.output',
      'tool.finished',
      'clarify.requested',
      'assistant.delta',
      'assistant.message',
      'turn.finished',
    ]);
    for (const e of out) expect(e).toMatchObject(turn);
    const [started, delta, tool, output, finished, clarify, second, answer, end] = out;
    expect(started).toMatchObject({ userMessage: { role: 'user', content: 'list it', toolCalls: [] } });
    expect(tool).toMatchObject({
      messageId: delta?.type === 'assistant.delta' ? delta.messageId : '',
      call: { id: 'c1', name: 'terminal', icon: 'terminal', args: '{"command":"ls"}', status: 'running' },
    });
    expect(output).toMatchObject({ toolCallId: 'c1', chunk: 'a\n' });
    expect(finished).toMatchObject({
      toolCallId: 'c1',
      status: 'ok',
      durationMs: 12,
      waitMs: 3,
      result: '{"output":"a\\n","exit_code":0}',
      details: { exitCode: 0 },
    });
    expect(clarify).toMatchObject({ id: 'q1', question: 'Which?', choices: ['a', 'b'] });
    // Text after the cards is a new message, which the answer then replaces as a whole.
    const secondId = second?.type === 'assistant.delta' ? second.messageId : '';
    expect(secondId).not.toBe(delta?.type === 'assistant.delta' && delta.messageId);
    expect(answer).toMatchObject({ type: 'assistant.message', message: { id: secondId, content: 'Done' } });
    expect(end).toEqual({ type: 'turn.finished', ...turn, status: 'done' });
  });

  it('ends a turn with its answer as a message, and says how it ended', () => {
    const ends = (status: 'completed' | 'cancelled' | 'error', error?: string) =>
      mapAll([
        { type: 'assistant_delta', ...at, text: 'Hi' },
        {
          type: 'turn_finished',
          ...at,
          status,
          text: 'Hi there',
          iterations: 1,
          ...(error ? { error } : {}),
        },
      ]);
    const done = ends('completed');
    expect(done[1]).toMatchObject({
      type: 'assistant.message',
      message: { id: done[0]?.type === 'assistant.delta' ? done[0].messageId : '', content: 'Hi there' },
    });
    expect(done[2]).toEqual({ type: 'turn.finished', ...turn, status: 'done' });
    expect(ends('cancelled')[2]).toMatchObject({ status: 'cancelled' });
    expect(ends('error', 'boom')[2]).toEqual({
      type: 'turn.finished',
      ...turn,
      status: 'error',
      error: 'boom',
    });
  });

  it('gives an answer not yet shown after tool cards a message of its own', () => {
    const out = mapAll([
      { type: 'tool_started', ...at, toolCallId: 'c1', name: 'todo', emoji: '📋', argsPreview: '{}' },
      { type: 'turn_finished', ...at, status: 'completed', text: 'All done', iterations: 2 },
    ]);
    const [tool, message] = out;
    expect(message).toMatchObject({ type: 'assistant.message', message: { content: 'All done' } });
    expect(message?.type === 'assistant.message' && message.message.id).not.toBe(
      tool?.type === 'tool.started' && tool.messageId,
    );
  });

  it("drops a child agent's events and output the terminal stream carries", () => {
    expect(
      mapAll(
        [
          { type: 'assistant_delta', sessionId: 's1', depth: 1, text: 'child' },
          { type: 'tool_output', ...at, toolCallId: 'c1', chunk: 'x' },
          { type: 'tool_output', ...at, toolCallId: 'c2', chunk: 'y' },
        ],
        (id) => id === 'c1',
      ),
    ).toEqual([{ type: 'tool.output', ...turn, toolCallId: 'c2', chunk: 'y' }]);
  });
});
