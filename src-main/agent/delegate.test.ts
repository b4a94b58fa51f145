import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedReply } from './testing/scriptedModel';
import { agentHarness, type AgentHarness } from './testing/harness';
import { ScriptedModel } from './testing/scriptedModel';
import { echoTool, sleeperTool, type CallRecord } from './testing/tools';

let model: ScriptedModel;
let h: AgentHarness;
const log: CallRecord[] = [];
beforeAll(async () => {
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
});
beforeEach(async () => {
  model.reset();
  log.length = 0;
  h = await agentHarness({ baseUrl: model.baseUrl, tools: [echoTool(), sleeperTool('slow', 100, log)] });
});
afterEach(async () => {
  await h.cleanup();
});

const systemOf = (r: RecordedRequest) => r.body.messages[0]?.content ?? '';
const isChild = (r: RecordedRequest, goal: string) => systemOf(r).includes(`## Task\n${goal}`);
const answered = (r: RecordedRequest) => r.body.messages.at(-1)?.role === 'tool';

describe('delegate_task', () => {
  it('runs children with restricted tools and summarises their answers back', async () => {
    model.fallback = (r): ScriptedReply => {
      if (isChild(r, 'count files')) {
        return answered(r)
          ? { text: 'There are 3 files.' }
          : { toolCalls: [{ name: 'echo', arguments: { text: 'ls' } }] };
      }
      if (isChild(r, 'check docs')) return { text: 'Docs are fine.' };
      if (answered(r)) return { text: 'All done.' };
      return {
        toolCalls: [
          {
            name: 'delegate_task',
            arguments: {
              tasks: [
                { goal: 'count files', context: 'in /tmp', toolsets: ['test'] },
                { goal: 'check docs' },
              ],
            },
          },
        ],
      };
    };
    const parent = h.agent({ clarifier: async () => 'x' });
    const result = await parent.runTurn('split the work');
    expect(result).toMatchObject({ status: 'completed', text: 'All done.' });

    const childRequest = model.requests.find((r) => isChild(r, 'count files'));
    expect(systemOf(childRequest as RecordedRequest)).toContain('## Context\nin /tmp');
    const childTools = model.requests
      .filter((r) => isChild(r, 'count files'))
      .flatMap((r) => r.body.tools ?? []);
    expect(new Set(childTools.map((t) => t.function.name))).toEqual(new Set(['echo', 'slow']));
    const otherTools = (model.requests.find((r) => isChild(r, 'check docs'))?.body.tools ?? []).map(
      (t) => t.function.name,
    );
    expect(otherTools).toContain('delegate_task');
    expect(otherTools).not.toContain('clarify');
    expect(otherTools).not.toContain('memory');

    const final = model.requests.at(-1)?.body.messages.at(-1);
    const { results } = JSON.parse(final?.content ?? '') as { results: Record<string, unknown>[] };
    expect(results).toEqual([
      expect.objectContaining({
        task_index: 0,
        status: 'completed',
        summary: 'There are 3 files.',
        iterations: 2,
      }),
      expect.objectContaining({ task_index: 1, status: 'completed', summary: 'Docs are fine.' }),
    ]);
    const children = h.host.sessions.childSessions(parent.sessionId);
    expect(children.map((c) => c.id).sort()).toEqual(results.map((r) => r.session_id).sort());
    expect(h.host.sessions.listSessions().map((s) => s.id)).toEqual([parent.sessionId]);
    const childEvents = h.events.filter((e) => e.depth === 1);
    expect(childEvents.some((e) => e.type === 'tool_started' && e.name === 'echo')).toBe(true);
  });

  it('stops at the depth limit: the deepest child is not offered delegate_task and cannot use it', async () => {
    const delegate = (goal: string): ScriptedReply => ({
      toolCalls: [{ name: 'delegate_task', arguments: { tasks: [{ goal }] } }],
    });
    model.fallback = (r): ScriptedReply => {
      if (answered(r)) return { text: `finished: ${r.body.messages.at(-1)?.content}` };
      if (isChild(r, 'level two')) return delegate('level three');
      if (isChild(r, 'level one')) return delegate('level two');
      return delegate('level one');
    };
    const result = await h.agent().runTurn('go deep');
    expect(result.status).toBe('completed');
    const deepest = model.requests.find((r) => isChild(r, 'level two'));
    expect((deepest?.body.tools ?? []).map((t) => t.function.name)).not.toContain('delegate_task');
    expect(model.requests.some((r) => isChild(r, 'level three'))).toBe(false);
    const refused = model.requests.find((r) => isChild(r, 'level two') && answered(r))?.body.messages.at(-1);
    expect(JSON.parse(refused?.content ?? '')).toEqual({
      error: 'Tool "delegate_task" is not available in this session',
    });
    expect(h.events.some((e) => e.depth === 2)).toBe(true);
    expect(h.events.some((e) => e.depth > 2)).toBe(false);
  });

  it('runs at most max_concurrent children at once', async () => {
    await h.cleanup();
    h = await agentHarness({
      baseUrl: model.baseUrl,
      tools: [sleeperTool('slow', 250, log)],
      config: { agent: { delegation: { max_depth: 2, max_concurrent: 2 } } },
    });
    let inFlight = 0;
    let most = 0;
    model.fallback = (r): ScriptedReply => {
      if (systemOf(r).includes('## Task')) {
        if (answered(r)) {
          inFlight--;
          return { text: 'child done' };
        }
        most = Math.max(most, ++inFlight);
        return { toolCalls: [{ name: 'slow', arguments: {} }] };
      }
      if (answered(r)) return { text: 'parent done' };
      const tasks = Array.from({ length: 5 }, (_, i) => ({ goal: `task ${i}` }));
      return { toolCalls: [{ name: 'delegate_task', arguments: { tasks } }] };
    };
    const result = await h.agent().runTurn('fan out');
    expect(result.text).toBe('parent done');
    expect(log).toHaveLength(5);
    expect(most).toBe(2);
  });
});
