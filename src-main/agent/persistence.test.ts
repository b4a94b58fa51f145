import { describe, expect, it } from 'vitest';
import { agentHarness } from './testing/harness';
import { useScriptedModel } from './testing/scriptedAgent';
import { echoTool } from './testing/tools';

const scripted = useScriptedModel();

describe('sessions across a restart', () => {
  it('reopens a session as it was and resumes it with the same history', async () => {
    const first = await agentHarness({ baseUrl: scripted.model.baseUrl, tools: [echoTool()] });
    scripted.model.push(
      { toolCalls: [{ id: 'k1', name: 'echo', arguments: { text: 'kept' } }] },
      { text: 'Stored.' },
    );
    const agent = first.agent();
    await agent.runTurn('remember the echo');
    const before = first.root.sessions.messages(agent.sessionId);
    const systemBefore = scripted.model.requests[0]?.body.messages[0];
    await first.cleanup(false);

    const second = await agentHarness({
      baseUrl: scripted.model.baseUrl,
      tools: [echoTool()],
      home: first.home,
    });
    expect(second.root.sessions.listSessions()).toEqual([
      expect.objectContaining({ id: agent.sessionId, title: 'remember the echo', messageCount: 4 }),
    ]);
    expect(second.root.sessions.messages(agent.sessionId)).toEqual(before);
    expect(second.root.sessions.toolCalls(agent.sessionId)).toEqual([
      expect.objectContaining({ id: 'k1', name: 'echo', status: 'ok', result: 'echo: kept' }),
    ]);

    scripted.model.push({ text: 'Yes, I remember.' });
    const resumed = second.agent({ sessionId: agent.sessionId.slice(0, 18) });
    expect(resumed.sessionId).toBe(agent.sessionId);
    await resumed.runTurn('do you remember?');
    const sent = scripted.model.requests.at(-1)?.body.messages ?? [];
    expect(sent[0]).toEqual(systemBefore);
    expect(sent.slice(1)).toEqual([...before, { role: 'user', content: 'do you remember?' }]);
    await second.cleanup();
  });

  it('repairs a session whose process died mid-tool', async () => {
    const first = await agentHarness({ baseUrl: scripted.model.baseUrl });
    const store = first.root.sessions;
    const s = store.createSession({ title: 'crashed', systemPrompt: 'sys' });
    store.appendMessage(s.id, { role: 'user', content: 'run it' });
    const calls = ['x1', 'x2'].map((id) => ({
      id,
      type: 'function' as const,
      function: { name: 'echo', arguments: '{}' },
    }));
    store.appendMessage(s.id, { role: 'assistant', content: null, tool_calls: calls });
    store.finishToolCall(store.startToolCall(s.id, { id: 'x1', name: 'echo', args: '{}' }), {
      result: 'done before the crash',
      status: 'ok',
      durationMs: 1,
    });
    store.startToolCall(s.id, { id: 'x2', name: 'echo', args: '{}' });
    await first.cleanup(false);

    const second = await agentHarness({ baseUrl: scripted.model.baseUrl, home: first.home });
    scripted.model.reset();
    scripted.model.push({ text: 'recovered' });
    const result = await second.agent({ sessionId: s.id }).runTurn('what happened?');
    expect(result.status).toBe('completed');
    const tools = (scripted.model.requests[0]?.body.messages ?? []).filter((m) => m.role === 'tool');
    expect(tools.map((m) => [m.tool_call_id, m.content])).toEqual([
      ['x1', 'done before the crash'],
      ['x2', expect.stringMatching(/Interrupted/)],
    ]);
    await second.cleanup();
  });
});
