import { describe, expect, it } from 'vitest';
import { AgentEventSchema } from '../../src-shared/agentEvents';
import { useScriptedAgent } from './testing/scriptedAgent';
import { echoTool } from './testing/tools';

const scripted = useScriptedAgent({ tools: () => [echoTool()] });

describe('agent loop', () => {
  it('runs tools over several steps and returns the final answer', async () => {
    scripted.model.push(
      { text: 'Let me check.', toolCalls: [{ id: 'a1', name: 'echo', arguments: { text: 'one' } }] },
      { toolCalls: [{ id: 'a2', name: 'echo', arguments: { text: 'two' } }] },
      { text: 'Both echoed.' },
    );
    const agent = scripted.h.agent();
    const result = await agent.runTurn('echo twice');
    expect(result).toMatchObject({ status: 'completed', text: 'Both echoed.', iterations: 3 });
    expect(scripted.model.requests).toHaveLength(3);
    expect(scripted.model.requests[0]?.body.stream).toBe(true);
    expect(scripted.model.toolNames(0)).toEqual(
      expect.arrayContaining(['echo', 'todo', 'memory', 'session_search']),
    );
    const second = scripted.model.requests[1]?.body.messages ?? [];
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
    expect(scripted.model.requests[2]?.body.messages.at(-1)).toEqual({
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
    scripted.model.push(
      { text: 'Hi ', toolCalls: [{ id: 'e1', name: 'echo', arguments: { text: 'x' } }] },
      { text: 'done' },
    );
    const result = await scripted.h.agent().runTurn('hello');
    for (const event of scripted.h.events) expect(AgentEventSchema.safeParse(event).success).toBe(true);
    const types = scripted.h.events.map((e) => e.type).filter((t) => t !== 'assistant_delta');
    expect(types).toEqual(['turn_started', 'tool_started', 'tool_finished', 'turn_finished']);
    const text = scripted.h.events.flatMap((e) => (e.type === 'assistant_delta' ? [e.text] : [])).join('');
    expect(text).toBe('Hi done');
    expect(scripted.h.events.find((e) => e.type === 'tool_started')).toMatchObject({
      toolCallId: 'e1',
      name: 'echo',
      argsPreview: '{"text":"x"}',
      sessionId: result.sessionId,
      depth: 0,
    });
    expect(scripted.h.events.find((e) => e.type === 'tool_finished')).toMatchObject({
      status: 'ok',
      resultPreview: 'echo: x',
    });
  });

  it('answers malformed tool-call JSON with an error result and goes on', async () => {
    scripted.model.push(
      { toolCalls: [{ id: 'm1', name: 'echo', arguments: '{"text": "unterminated' }] },
      { toolCalls: [{ id: 'm2', name: 'todo', arguments: '[1,2]' }] },
      { text: 'recovered' },
    );
    const result = await scripted.h.agent().runTurn('go');
    expect(result.status).toBe('completed');
    const first = scripted.model.requests[1]?.body.messages.at(-1);
    expect(first?.tool_call_id).toBe('m1');
    expect(JSON.parse(first?.content ?? '')).toEqual({
      error: expect.stringMatching(/^Invalid arguments for echo/),
    });
    const second = scripted.model.requests[2]?.body.messages.at(-1);
    expect(JSON.parse(second?.content ?? '')).toEqual({
      error: expect.stringMatching(/^Invalid arguments for todo/),
    });
    expect(scripted.h.events.filter((e) => e.type === 'tool_finished').map((e) => e.status)).toEqual([
      'error',
      'error',
    ]);
  });

  it('refuses tools that were not offered, and unknown ones', async () => {
    scripted.model.push(
      {
        toolCalls: [
          { id: 'u1', name: 'echo', arguments: { text: 'x' } },
          { id: 'u2', name: 'no_such_tool', arguments: {} },
        ],
      },
      { text: 'ok' },
    );
    await scripted.h.agent({ toolsets: { disabled: ['test'] } }).runTurn('go');
    expect(scripted.model.toolNames(0)).not.toContain('echo');
    const results = (scripted.model.requests[1]?.body.messages ?? [])
      .filter((m) => m.role === 'tool')
      .map((m) => m.content);
    expect(results).toEqual([
      JSON.stringify({ error: 'Tool "echo" is not available in this session' }),
      JSON.stringify({ error: 'Unknown tool: no_such_tool' }),
    ]);
  });

  it('stops at max_iterations', async () => {
    await scripted.replaceHarness({
      tools: [echoTool()],
      config: { agent: { max_iterations: 2 } },
    });
    scripted.model.fallback = () => ({
      text: 'still going',
      toolCalls: [{ name: 'echo', arguments: { text: 'again' } }],
    });
    const result = await scripted.h.agent().runTurn('loop forever');
    expect(result).toMatchObject({ status: 'max_iterations', iterations: 2, text: 'still going' });
    expect(scripted.model.requests).toHaveLength(2);
  });

  it('runs the LLM and session hooks of plugins', async () => {
    const seen: string[] = [];
    scripted.h.runtime.hooks.register(
      'on_session_start',
      (info) => void seen.push(`start ${info.sessionId}`),
    );
    scripted.h.runtime.hooks.register(
      'pre_llm_call',
      (info) => void seen.push(`pre ${String(info.iteration)}`),
    );
    scripted.h.runtime.hooks.register(
      'post_llm_call',
      (info) => void seen.push(`post ${String(info.toolCalls)}`),
    );
    scripted.h.runtime.hooks.register('on_session_end', (info) => void seen.push(`end ${info.sessionId}`));
    scripted.model.push({ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }, { text: 'done' });
    const agent = scripted.h.agent();
    await agent.runTurn('hooks');
    await agent.close();
    const id = agent.sessionId;
    expect(seen).toEqual([`start ${id}`, 'pre 1', 'post 1', 'pre 2', 'post 0', `end ${id}`]);
  });

  it('works against a server without streaming', async () => {
    scripted.model.push(
      { toolCalls: [{ id: 'j1', name: 'echo', arguments: { text: 'json' } }] },
      { text: 'plain JSON' },
    );
    const agent = scripted.h.root.createAgent({ model: { ...scripted.h.model, stream: false } });
    const result = await agent.runTurn('no stream');
    expect(result).toMatchObject({ status: 'completed', text: 'plain JSON' });
    expect(scripted.model.requests[0]?.body.stream).toBeFalsy();
    expect(scripted.model.requests[1]?.body.messages.at(-1)?.content).toBe('echo: json');
  });
});
