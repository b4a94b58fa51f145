import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src-shared/sessions';
import { useScriptedAgent } from './testing/scriptedAgent';

const scripted = useScriptedAgent();

/** The JSON results the model received in its last request. */
function toolResults(requestIndex: number): unknown[] {
  const messages: ChatMessage[] = scripted.model.requests[requestIndex]?.body.messages ?? [];
  const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
  return messages.slice(lastAssistant + 1).map((m) => JSON.parse(m.content ?? 'null'));
}

describe('todo', () => {
  it('replaces and merges the per-session list, which a resumed session keeps', async () => {
    scripted.model.push(
      {
        toolCalls: [
          {
            name: 'todo',
            arguments: {
              todos: [
                { id: '1', content: 'read', status: 'in_progress' },
                { id: '2', content: 'write' },
              ],
            },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'todo',
            arguments: {
              merge: true,
              todos: [
                { id: '1', status: 'completed' },
                { id: '3', content: 'test' },
              ],
            },
          },
        ],
      },
      { text: 'planned' },
    );
    const agent = scripted.h.agent();
    await agent.runTurn('plan');
    expect(toolResults(1)).toEqual([
      {
        todos: [
          { id: '1', content: 'read', status: 'in_progress' },
          { id: '2', content: 'write', status: 'pending' },
        ],
        summary: { total: 2, pending: 1, in_progress: 1, completed: 0, cancelled: 0 },
      },
    ]);
    const merged = [
      { id: '1', content: 'read', status: 'completed' },
      { id: '2', content: 'write', status: 'pending' },
      { id: '3', content: 'test', status: 'pending' },
    ];
    expect((toolResults(2)[0] as { todos: unknown }).todos).toEqual(merged);
    scripted.model.push({ toolCalls: [{ name: 'todo', arguments: {} }] }, { text: 'listed' });
    await scripted.h.agent({ sessionId: agent.sessionId }).runTurn('what is left?');
    expect((toolResults(4)[0] as { todos: unknown }).todos).toEqual(merged);
  });
});

describe('memory', () => {
  it('adds, replaces and removes bounded entries, injected into the next session', async () => {
    scripted.model.push(
      {
        toolCalls: [
          { name: 'memory', arguments: { action: 'add', content: 'User prefers tabs.' } },
          { name: 'memory', arguments: { action: 'add', content: 'Project uses pnpm.' } },
          {
            name: 'memory',
            arguments: { action: 'replace', old_text: 'tabs', content: 'User prefers spaces.' },
          },
          { name: 'memory', arguments: { action: 'remove', old_text: 'nothing like this' } },
          { name: 'memory', arguments: { action: 'add', content: 'x'.repeat(3_000) } },
        ],
      },
      { text: 'noted' },
    );
    await scripted.h.agent().runTurn('remember things');
    const [added, , replaced, missing, tooBig] = toolResults(1) as Record<string, unknown>[];
    expect(added).toMatchObject({ success: true, entries: ['User prefers tabs.'] });
    expect(replaced).toMatchObject({ entries: ['User prefers spaces.', 'Project uses pnpm.'] });
    expect(missing).toEqual({ error: 'memory remove: no entry contains "nothing like this"' });
    expect(tooBig?.error).toMatch(/at most 2200 characters/);
    expect(await readFile(scripted.h.root.memory.path, 'utf8')).toBe(
      'User prefers spaces.\n§\nProject uses pnpm.\n',
    );

    scripted.model.push({ text: 'hello again' });
    await scripted.h.agent().runTurn('new session');
    const system = scripted.model.requests[2]?.body.messages[0]?.content ?? '';
    expect(system).toContain('## Memory');
    expect(system).toContain('User prefers spaces.\n§\nProject uses pnpm.');
  });
});

describe('session_search', () => {
  it('finds an earlier session with snippets, role filter and limit', async () => {
    scripted.model.push({ text: 'The deployment key rotates every Tuesday.' });
    const first = await scripted.h.agent().runTurn('When does the deployment key rotate?');
    scripted.model.push(
      {
        toolCalls: [
          { name: 'session_search', arguments: { query: 'deployment key' } },
          { name: 'session_search', arguments: { query: 'deployment', role: 'assistant', limit: 1 } },
          { name: 'session_search', arguments: { query: 'zebra' } },
        ],
      },
      { text: 'found it' },
    );
    await scripted.h.agent().runTurn('what did we say about rotation?');
    const [both, assistantOnly, none] = toolResults(2) as {
      count: number;
      results: { session_id: string; role: string; snippet: string }[];
    }[];
    expect(both?.count).toBe(2);
    expect(both?.results.every((r) => r.session_id === first.sessionId)).toBe(true);
    expect(both?.results[0]?.snippet).toMatch(/>>>deployment<<< >>>key<<</);
    expect(assistantOnly?.results).toEqual([
      expect.objectContaining({ role: 'assistant', session_id: first.sessionId }),
    ]);
    expect(none?.count).toBe(0);
  });
});

describe('clarify', () => {
  it('asks the user through the clarifier and returns the answer', async () => {
    const asked: { question: string; choices: string[] }[] = [];
    scripted.model.push(
      {
        toolCalls: [{ name: 'clarify', arguments: { question: 'Which branch?', choices: ['main', 'dev'] } }],
      },
      { text: 'using dev' },
    );
    await scripted.h
      .agent({
        clarifier: async (request) => {
          asked.push({ question: request.question, choices: request.choices });
          return 'dev';
        },
      })
      .runTurn('deploy');
    expect(asked).toEqual([{ question: 'Which branch?', choices: ['main', 'dev'] }]);
    expect(toolResults(1)).toEqual([{ question: 'Which branch?', answer: 'dev' }]);
    const types = scripted.h.events.map((e) => e.type);
    expect(types).toContain('clarify_requested');
    expect(scripted.h.events.find((e) => e.type === 'clarify_resolved')).toMatchObject({ answer: 'dev' });
  });

  it('is not offered when nobody can answer', async () => {
    scripted.model.push({ text: 'ok' });
    await scripted.h.agent().runTurn('hi');
    expect(scripted.model.toolNames(0)).not.toContain('clarify');
  });
});

describe('hooks', () => {
  it("run for the loop's own tools as for any other: a pre_tool_call hook sees and may block them", async () => {
    const seen: string[] = [];
    const finished: { name: string; status: string; result: string }[] = [];
    scripted.h.runtime.hooks.register('pre_tool_call', (info) => {
      seen.push(info.name);
      return info.name === 'memory' ? { action: 'block', message: 'memory is off today' } : undefined;
    });
    scripted.h.runtime.hooks.register('post_tool_call', ({ name, status, result }) => {
      finished.push({ name, status, result });
    });
    scripted.model.push(
      {
        toolCalls: [
          { name: 'todo', arguments: { todos: [{ id: '1', content: 'read' }] } },
          { name: 'memory', arguments: { action: 'add', content: 'User prefers tabs.' } },
        ],
      },
      { text: 'done' },
    );
    const agent = scripted.h.agent();
    await agent.runTurn('plan');
    expect(seen).toEqual(['todo', 'memory']);
    expect(toolResults(1)[1]).toEqual({ error: 'memory is off today' });
    expect(finished.map(({ name, status }) => [name, status])).toEqual([
      ['todo', 'ok'],
      ['memory', 'vetoed'],
    ]);
    expect(scripted.h.root.sessions.todos(agent.sessionId)).toEqual([
      { id: '1', content: 'read', status: 'pending' },
    ]);
    expect(await readFile(scripted.h.root.memory.path, 'utf8').catch(() => '')).not.toContain('tabs');
  });
});
