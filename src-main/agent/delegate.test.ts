import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptedReply } from './testing/scriptedModel';
import { useScriptedAgent } from './testing/scriptedAgent';
import { echoTool, sleeperTool, type CallRecord } from './testing/tools';

const log: CallRecord[] = [];
beforeEach(() => {
  log.length = 0;
});
const scripted = useScriptedAgent({ tools: () => [echoTool(), sleeperTool('slow', 100, log)] });

const systemOf = (r: RecordedRequest) => r.body.messages[0]?.content ?? '';
const isChild = (r: RecordedRequest, goal: string) => systemOf(r).includes(`## Task\n${goal}`);
const answered = (r: RecordedRequest) => r.body.messages.at(-1)?.role === 'tool';

describe('delegate_task', () => {
  it('runs children with restricted tools and summarises their answers back', async () => {
    scripted.model.fallback = (r): ScriptedReply => {
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
    const parent = scripted.h.agent({ clarifier: async () => 'x' });
    const result = await parent.runTurn('split the work');
    expect(result).toMatchObject({ status: 'completed', text: 'All done.' });

    const childRequest = scripted.model.requests.find((r) => isChild(r, 'count files'));
    expect(systemOf(childRequest as RecordedRequest)).toContain('## Context\nin /tmp');
    const childTools = scripted.model.requests
      .filter((r) => isChild(r, 'count files'))
      .flatMap((r) => r.body.tools ?? []);
    expect(new Set(childTools.map((t) => t.function.name))).toEqual(new Set(['echo', 'slow']));
    const otherTools = (scripted.model.requests.find((r) => isChild(r, 'check docs'))?.body.tools ?? []).map(
      (t) => t.function.name,
    );
    expect(otherTools).toContain('delegate_task');
    expect(otherTools).not.toContain('clarify');
    expect(otherTools).not.toContain('memory');

    const final = scripted.model.requests.at(-1)?.body.messages.at(-1);
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
    const children = scripted.h.root.sessions.childSessions(parent.sessionId);
    expect(children.map((c) => c.id).sort()).toEqual(results.map((r) => r.session_id).sort());
    expect(scripted.h.root.sessions.listSessions().map((s) => s.id)).toEqual([parent.sessionId]);
    const childEvents = scripted.h.events.filter((e) => e.depth === 1);
    expect(childEvents.some((e) => e.type === 'tool_started' && e.name === 'echo')).toBe(true);
  });

  it('stops at the depth limit: the deepest child is not offered delegate_task and cannot use it', async () => {
    const delegate = (goal: string): ScriptedReply => ({
      toolCalls: [{ name: 'delegate_task', arguments: { tasks: [{ goal }] } }],
    });
    scripted.model.fallback = (r): ScriptedReply => {
      if (answered(r)) return { text: `finished: ${r.body.messages.at(-1)?.content}` };
      if (isChild(r, 'level two')) return delegate('level three');
      if (isChild(r, 'level one')) return delegate('level two');
      return delegate('level one');
    };
    const result = await scripted.h.agent().runTurn('go deep');
    expect(result.status).toBe('completed');
    const deepest = scripted.model.requests.find((r) => isChild(r, 'level two'));
    expect((deepest?.body.tools ?? []).map((t) => t.function.name)).not.toContain('delegate_task');
    expect(scripted.model.requests.some((r) => isChild(r, 'level three'))).toBe(false);
    const refused = scripted.model.requests
      .find((r) => isChild(r, 'level two') && answered(r))
      ?.body.messages.at(-1);
    expect(JSON.parse(refused?.content ?? '')).toEqual({
      error: 'Tool "delegate_task" is not available in this session',
    });
    expect(scripted.h.events.some((e) => e.depth === 2)).toBe(true);
    expect(scripted.h.events.some((e) => e.depth > 2)).toBe(false);
  });

  it('runs at most max_concurrent children at once', async () => {
    await scripted.replaceHarness({
      tools: [sleeperTool('slow', 250, log)],
      config: { agent: { delegation: { max_depth: 2, max_concurrent: 2 } } },
    });
    let inFlight = 0;
    let most = 0;
    scripted.model.fallback = (r): ScriptedReply => {
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
    const result = await scripted.h.agent().runTurn('fan out');
    expect(result.text).toBe('parent done');
    expect(log).toHaveLength(5);
    expect(most).toBe(2);
  });
});
