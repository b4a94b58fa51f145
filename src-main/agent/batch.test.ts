import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolCall } from '../../src-shared/sessions';
import type { ToolEntry } from '../runtime/types';
import { canRunInParallel, mapLimited } from './batch';
import { useScriptedAgent } from './testing/scriptedAgent';
import { fakeTerminalTool, sleeperTool, type CallRecord } from './testing/tools';

function call(name: string, args: unknown): ToolCall {
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  return { id: `${name}-${Math.random()}`, type: 'function', function: { name, arguments: text } };
}

const entries: Record<string, Partial<ToolEntry>> = {
  read_file: { parallelSafe: true },
  web_search: { parallelSafe: true },
  write_file: { parallelSafe: false, pathArg: 'path' },
  patch: { parallelSafe: false, pathArg: 'path' },
  terminal: { parallelSafe: false },
  mcp_safe_tool: { parallelSafe: true },
  mcp_other_tool: { parallelSafe: false },
  clarify: { parallelSafe: false },
};
const lookup = (name: string) => entries[name] as ToolEntry | undefined;
const parallel = (...calls: ToolCall[]) => canRunInParallel(calls, lookup, '/work');

describe('canRunInParallel', () => {
  it('needs more than one call, all parallel-safe', () => {
    expect(parallel(call('read_file', { path: 'a' }))).toBe(false);
    expect(parallel(call('read_file', { path: 'a' }), call('web_search', { query: 'q' }))).toBe(true);
    expect(parallel(call('mcp_safe_tool', {}), call('web_search', {}))).toBe(true);
    expect(parallel(call('mcp_other_tool', {}), call('web_search', {}))).toBe(false);
    expect(parallel(call('unknown_tool', {}), call('web_search', {}))).toBe(false);
  });

  it('never batches clarify or terminal', () => {
    expect(parallel(call('clarify', { question: 'q' }), call('web_search', {}))).toBe(false);
    expect(parallel(call('terminal', { command: 'ls' }), call('read_file', { path: 'a' }))).toBe(false);
  });

  it('needs every argument set to parse as an object', () => {
    expect(parallel(call('read_file', '{"path": "a"'), call('web_search', {}))).toBe(false);
    expect(parallel(call('read_file', '[1]'), call('web_search', {}))).toBe(false);
  });

  it('lets writes run together only on distinct, non-nested paths', () => {
    expect(parallel(call('write_file', { path: 'a.txt' }), call('patch', { path: 'b.txt' }))).toBe(true);
    expect(parallel(call('write_file', { path: 'a.txt' }), call('patch', { path: './a.txt' }))).toBe(false);
    expect(parallel(call('write_file', { path: '/work/a.txt' }), call('patch', { path: 'a.txt' }))).toBe(
      false,
    );
    expect(parallel(call('write_file', { path: 'dir' }), call('patch', { path: 'dir/x' }))).toBe(false);
    expect(parallel(call('write_file', {}), call('patch', { path: 'b' }))).toBe(false);
  });
});

describe('mapLimited', () => {
  it('keeps input order and never exceeds the limit', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimited([5, 1, 4, 2, 3, 0, 6, 7, 8, 9], 3, async (n) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, n));
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60, 70, 80, 90]);
    expect(most).toBe(3);
  });
});

describe('tool batches in the loop', () => {
  const log: CallRecord[] = [];
  beforeEach(() => {
    log.length = 0;
  });
  const scripted = useScriptedAgent({
    tools: () => [...['s1', 's2', 's3'].map((n) => sleeperTool(n, 150, log)), fakeTerminalTool(50, log)],
  });

  it('runs a parallel-safe batch at once and returns results in the model order', async () => {
    scripted.model.push(
      {
        toolCalls: ['s3', 's1', 's2'].map((name, i) => ({ id: `p${i}`, name, arguments: { label: name } })),
      },
      { text: 'done' },
    );
    const turn = await scripted.h.agent().runTurn('three at once');
    expect(log).toHaveLength(3);
    // One batch id on every call, live and in the store, so the UI groups them both times.
    const started = scripted.h.events.flatMap((e) => (e.type === 'tool_started' ? [e.batch] : []));
    expect(started).toHaveLength(3);
    expect(new Set(started).size).toBe(1);
    expect(started[0]).toMatch(/./);
    expect(scripted.h.root.sessions.toolCalls(turn.sessionId).map((c) => c.batch)).toEqual(started);
    const latestStart = Math.max(...log.map((r) => r.start));
    const earliestEnd = Math.min(...log.map((r) => r.end));
    expect(latestStart).toBeLessThan(earliestEnd);
    const results = (scripted.model.requests[1]?.body.messages ?? []).filter((m) => m.role === 'tool');
    expect(results.map((m) => m.tool_call_id)).toEqual(['p0', 'p1', 'p2']);
    expect(results.map((m) => JSON.parse(m.content ?? '').label)).toEqual(['s3', 's1', 's2']);
  });

  it('runs a batch that contains terminal one call after another', async () => {
    scripted.model.push(
      {
        toolCalls: [
          { id: 'q0', name: 's1', arguments: {} },
          { id: 'q1', name: 'terminal', arguments: { command: 'ls' } },
          { id: 'q2', name: 's2', arguments: {} },
        ],
      },
      { text: 'done' },
    );
    const turn = await scripted.h.agent().runTurn('in order');
    expect(log.map((r) => r.name)).toEqual(['s1', 'terminal', 's2']);
    const started = scripted.h.events.flatMap((e) => (e.type === 'tool_started' ? [e] : []));
    expect(started.map((e) => e.batch)).toEqual([undefined, undefined, undefined]);
    expect(scripted.h.root.sessions.toolCalls(turn.sessionId).map((c) => c.batch)).toEqual([
      null,
      null,
      null,
    ]);
    for (let i = 1; i < log.length; i++) {
      expect(log[i]?.start).toBeGreaterThanOrEqual(log[i - 1]?.end ?? Infinity);
    }
  });
});
