import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentEventSchema } from '../../src-shared/agentEvents';
import { agentHarness, type AgentHarness } from './testing/harness';
import { ScriptedModel } from './testing/scriptedModel';
import { echoTool } from './testing/tools';

let model: ScriptedModel;
let h: AgentHarness;
beforeAll(async () => {
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
});
beforeEach(async () => {
  model.reset();
  h = await agentHarness({ baseUrl: model.baseUrl, tools: [echoTool()] });
});
afterEach(async () => {
  await h.cleanup();
});

describe('agent loop', () => {
  it('runs tools over several steps and returns the final answer', async () => {
    model.push(
      { text: 'Let me check.', toolCalls: [{ id: 'a1', name: 'echo', arguments: { text: 'one' } }] },
      { toolCalls: [{ id: 'a2', name: 'echo', arguments: { text: 'two' } }] },
      { text: 'Both echoed.' },
    );
    const agent = h.agent();
    const result = await agent.runTurn('echo twice');
    expect(result).toMatchObject({ status: 'completed', text: 'Both echoed.', iterations: 3 });
    expect(model.requests).toHaveLength(3);
    expect(model.requests[0]?.body.stream).toBe(true);
    expect(model.toolNames(0)).toEqual(expect.arrayContaining(['echo', 'todo', 'memory', 'session_search']));
    const second = model.requests[1]?.body.messages ?? [];
    expect(second[0]?.role).toBe('system');
    expect(second.slice(1)).toEqual([
      { role: 'user', content: 'echo twice' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [{ id: 'a1', type: 'function', function: { name: 'echo', arguments: '{"text":"one"}' } }],
      },
      { role: 'tool', tool_call_id: 'a1', content: 'echo: one' },
    ]);
    expect(model.requests[2]?.body.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'a2',
      content: 'echo: two',
    });
    expect(result.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('emits events the shared schema accepts, in order', async () => {
    model.push(
      { text: 'Hi ', toolCalls: [{ id: 'e1', name: 'echo', arguments: { text: 'x' } }] },
      { text: 'done' },
    );
    const result = await h.agent().runTurn('hello');
    for (const event of h.events) expect(AgentEventSchema.safeParse(event).success).toBe(true);
    const types = h.events.map((e) => e.type).filter((t) => t !== 'assistant_delta');
    expect(types).toEqual(['turn_started', 'tool_started', 'tool_finished', 'turn_finished']);
    const text = h.events.flatMap((e) => (e.type === 'assistant_delta' ? [e.text] : [])).join('');
    expect(text).toBe('Hi done');
    expect(h.events.find((e) => e.type === 'tool_started')).toMatchObject({
      toolCallId: 'e1',
      name: 'echo',
      argsPreview: '{"text":"x"}',
      sessionId: result.sessionId,
      depth: 0,
    });
    expect(h.events.find((e) => e.type === 'tool_finished')).toMatchObject({
      status: 'ok',
      resultPreview: 'echo: x',
    });
  });

  it('answers malformed tool-call JSON with an error result and goes on', async () => {
    model.push(
      { toolCalls: [{ id: 'm1', name: 'echo', arguments: '{"text": "unterminated' }] },
      { toolCalls: [{ id: 'm2', name: 'todo', arguments: '[1,2]' }] },
      { text: 'recovered' },
    );
    const result = await h.agent().runTurn('go');
    expect(result.status).toBe('completed');
    const first = model.requests[1]?.body.messages.at(-1);
    expect(first?.tool_call_id).toBe('m1');
    expect(JSON.parse(first?.content ?? '')).toEqual({
      error: expect.stringMatching(/^Invalid arguments for echo/),
    });
    const second = model.requests[2]?.body.messages.at(-1);
    expect(JSON.parse(second?.content ?? '')).toEqual({
      error: expect.stringMatching(/^Invalid arguments for todo/),
    });
    expect(h.events.filter((e) => e.type === 'tool_finished').map((e) => e.status)).toEqual([
      'error',
      'error',
    ]);
  });

  it('refuses tools that were not offered, and unknown ones', async () => {
    model.push(
      {
        toolCalls: [
          { id: 'u1', name: 'echo', arguments: { text: 'x' } },
          { id: 'u2', name: 'no_such_tool', arguments: {} },
        ],
      },
      { text: 'ok' },
    );
    await h.agent({ toolsets: { disabled: ['test'] } }).runTurn('go');
    expect(model.toolNames(0)).not.toContain('echo');
    const results = (model.requests[1]?.body.messages ?? [])
      .filter((m) => m.role === 'tool')
      .map((m) => m.content);
    expect(results).toEqual([
      JSON.stringify({ error: 'Tool "echo" is not available in this session' }),
      JSON.stringify({ error: 'Unknown tool: no_such_tool' }),
    ]);
  });

  it('stops at max_iterations', async () => {
    await h.cleanup();
    h = await agentHarness({
      baseUrl: model.baseUrl,
      tools: [echoTool()],
      config: { agent: { max_iterations: 2 } },
    });
    model.fallback = () => ({
      text: 'still going',
      toolCalls: [{ name: 'echo', arguments: { text: 'again' } }],
    });
    const result = await h.agent().runTurn('loop forever');
    expect(result).toMatchObject({ status: 'max_iterations', iterations: 2, text: 'still going' });
    expect(model.requests).toHaveLength(2);
  });

  it('runs the LLM and session hooks of plugins', async () => {
    const seen: string[] = [];
    h.runtime.hooks.register('on_session_start', (info) => void seen.push(`start ${info.sessionId}`));
    h.runtime.hooks.register('pre_llm_call', (info) => void seen.push(`pre ${String(info.iteration)}`));
    h.runtime.hooks.register('post_llm_call', (info) => void seen.push(`post ${String(info.toolCalls)}`));
    h.runtime.hooks.register('on_session_end', (info) => void seen.push(`end ${info.sessionId}`));
    model.push({ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }, { text: 'done' });
    const agent = h.agent();
    await agent.runTurn('hooks');
    await agent.close();
    const id = agent.sessionId;
    expect(seen).toEqual([`start ${id}`, 'pre 1', 'post 1', 'pre 2', 'post 0', `end ${id}`]);
  });

  it('works against a server without streaming', async () => {
    model.push(
      { toolCalls: [{ id: 'j1', name: 'echo', arguments: { text: 'json' } }] },
      { text: 'plain JSON' },
    );
    const agent = h.host.createAgent({ model: { ...h.model, stream: false } });
    const result = await agent.runTurn('no stream');
    expect(result).toMatchObject({ status: 'completed', text: 'plain JSON' });
    expect(model.requests[0]?.body.stream).toBeFalsy();
    expect(model.requests[1]?.body.messages.at(-1)?.content).toBe('echo: json');
  });
});
