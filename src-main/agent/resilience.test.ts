import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src-shared/agentEvents';
import { CANCELLED_RESULT } from './toolRunner';
import { useScriptedAgent } from './testing/scriptedAgent';
import { ScriptedModel } from './testing/scriptedModel';
import type { ToolSpec } from '../runtime/types';
import { echoTool, waitForCancelTool } from './testing/tools';

const seen = { aborted: false };
/** Ids of the calls `record` was started for. */
const ran: string[] = [];
const recordTool: ToolSpec = {
  name: 'record',
  toolset: 'test',
  schema: {
    name: 'record',
    description: 'record (test tool)',
    parameters: { type: 'object', properties: {} },
  },
  handler: (_args, ctx) => {
    ran.push(ctx.toolCallId);
    return 'recorded';
  },
};
beforeEach(() => {
  seen.aborted = false;
  ran.length = 0;
});
const scripted = useScriptedAgent({
  tools: () => [echoTool(), waitForCancelTool(seen), recordTool],
});

/** An agent whose turn is cancelled when `when` sees an event. */
function cancellingAgent(when: (event: AgentEvent) => boolean) {
  const controller = new AbortController();
  const agent = scripted.h.root.createAgent({
    model: scripted.h.model,
    onEvent: (event) => {
      scripted.h.events.push(event);
      if (when(event)) controller.abort();
    },
  });
  return { agent, controller, signal: controller.signal };
}

describe('cancel', () => {
  it('interrupts the running tool and leaves the session consistent', async () => {
    scripted.model.push({
      toolCalls: [
        { id: 'w1', name: 'wait_forever', arguments: {} },
        { id: 'w2', name: 'echo', arguments: { text: 'never' } },
      ],
    });
    const { agent, signal } = cancellingAgent((e) => e.type === 'tool_output');
    const result = await agent.runTurn('start', { signal });
    expect(result.status).toBe('cancelled');
    expect(seen.aborted).toBe(true);
    const finished = scripted.h.events.filter((e) => e.type === 'tool_finished');
    expect(finished.map((e) => [e.toolCallId, e.status])).toEqual([
      ['w1', 'stopped'],
      ['w2', 'stopped'],
    ]);
    const stored = scripted.h.root.sessions.messages(agent.sessionId);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(stored.slice(2).map((m) => [m.tool_call_id, m.content])).toEqual([
      ['w1', CANCELLED_RESULT],
      ['w2', CANCELLED_RESULT],
    ]);
    expect(scripted.h.root.sessions.toolCalls(agent.sessionId).map((c) => c.status)).toEqual([
      'stopped',
      'stopped',
    ]);

    scripted.model.push({ text: 'resumed fine' });
    const next = await agent.runTurn('go on');
    expect(next).toMatchObject({ status: 'completed', text: 'resumed fine' });
    expect(
      scripted.model.requests
        .at(-1)
        ?.body.messages.slice(1)
        .map((m) => m.role),
    ).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
  });

  it('does not start the calls of a batch that come after a cancel', async () => {
    scripted.model.push({
      toolCalls: [
        { id: 'w1', name: 'wait_forever', arguments: {} },
        { id: 'r1', name: 'record', arguments: {} },
      ],
    });
    const { agent, signal } = cancellingAgent((e) => e.type === 'tool_output');
    const result = await agent.runTurn('start', { signal });
    expect(result.status).toBe('cancelled');
    expect(ran).toEqual([]);
    expect(scripted.h.root.sessions.toolCalls(agent.sessionId).map((c) => [c.id, c.status])).toEqual([
      ['w1', 'stopped'],
      ['r1', 'stopped'],
    ]);
  });

  it('stops a streaming answer and keeps the text already shown', async () => {
    scripted.model.push({ text: 'A long answer that streams slowly', chunkDelayMs: 100 });
    const { agent, signal } = cancellingAgent((e) => e.type === 'assistant_delta' && e.text.length > 0);
    const result = await agent.runTurn('talk', { signal });
    expect(result.status).toBe('cancelled');
    expect(result.text.length).toBeGreaterThan(0);
    expect('A long answer that streams slowly'.startsWith(result.text)).toBe(true);
    expect(scripted.h.root.sessions.messages(agent.sessionId).at(-1)).toEqual({
      role: 'assistant',
      content: result.text,
    });
  });

  it('stops while waiting for the model', async () => {
    const { agent, controller, signal } = cancellingAgent(() => false);
    scripted.model.push(() => {
      controller.abort();
      return { hang: true };
    });
    const result = await agent.runTurn('wait', { signal });
    expect(result).toMatchObject({ status: 'cancelled', iterations: 1 });
  });
});

describe('model errors', () => {
  it('retries 429 and 5xx, then goes on', async () => {
    scripted.model.push({ status: 429, message: 'slow down' }, { status: 503 }, { text: 'third time lucky' });
    const result = await scripted.h.agent().runTurn('hi');
    expect(result).toMatchObject({ status: 'completed', text: 'third time lucky' });
    expect(scripted.model.requests).toHaveLength(3);
  });

  it('gives up after the retries with a clear error, and the session takes the next turn', async () => {
    scripted.model.push(
      { status: 500, message: 'boom' },
      { status: 500, message: 'boom' },
      { status: 500, message: 'boom' },
    );
    const agent = scripted.h.agent();
    const failed = await agent.runTurn('hi');
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/Model request failed \(500\).*boom/);
    expect(scripted.model.requests).toHaveLength(3);
    expect(scripted.h.events.at(-1)).toMatchObject({ type: 'turn_finished', status: 'error' });
    scripted.model.push({ text: 'back' });
    expect(await agent.runTurn('again')).toMatchObject({ status: 'completed', text: 'back' });
  });

  it('does not retry a client error', async () => {
    scripted.model.push({ status: 401, message: 'bad key' });
    const result = await scripted.h.agent().runTurn('hi');
    expect(result.error).toMatch(/\(401\).*bad key/);
    expect(scripted.model.requests).toHaveLength(1);
  });

  it('says when the model cannot be reached', async () => {
    const gone = await ScriptedModel.start();
    const baseUrl = gone.baseUrl;
    await gone.close();
    const agent = scripted.h.root.createAgent({ model: { ...scripted.h.model, baseUrl, maxRetries: 0 } });
    const result = await agent.runTurn('hi');
    expect(result.error).toMatch(/Could not reach the model at http:\/\/127\.0\.0\.1/);
  });
});
