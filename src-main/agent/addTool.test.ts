/**
 * The "add a tool" recipe of docs/architecture.md, followed with a throwaway tool: a module
 * whose registration carries the tool's facts (tools/testing/fakeTool.ts) and one line in
 * tools/builtin.ts (mocked here). Discovery, its toolset and the presets, the batch planner, the
 * gate's batch announcement, execute_code's scripts and the card all learn the tool from that
 * registration alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ToolCall } from '../../src-shared/sessions';
import { createMemoryLogger } from '../runtime/logger';
import { discoverTools } from '../runtime/discovery';
import { ToolRuntime } from '../runtime/runtime';
import { canRunInParallel } from './batch';
import type { AgentEventBody } from './events';
import { SessionStore } from './sessions/store';
import { storedToolCallViews, toolCallView } from './toolCards';
import { batchCommands, ToolRunner } from './toolRunner';

vi.mock('../tools/builtin', async (importOriginal) => {
  const real = await importOriginal<{ BUILTIN_TOOL_MODULES: unknown[] }>();
  return {
    BUILTIN_TOOL_MODULES: [
      ...real.BUILTIN_TOOL_MODULES,
      { name: 'fake', load: () => import('../tools/testing/fakeTool') },
    ],
  };
});

const { BUILTIN_TOOL_MODULES } = await import('../tools/builtin');

const call = (id: string, name: string, args: object): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

describe('adding a tool', async () => {
  const logger = createMemoryLogger();
  const runtime = new ToolRuntime(logger);
  const report = await discoverTools(
    { registry: runtime.registry, logger, services: {} },
    BUILTIN_TOOL_MODULES,
  );
  const lookup = (name: string) => runtime.registry.get(name);

  it('is loaded by discovery from the built-in list', () => {
    expect(report.loaded).toContain('fake');
    expect(report.failed).toEqual([]);
  });

  it('is in its toolset, described as a leaf, and in the presets its registration names, and only those', () => {
    expect(runtime.toolsets.get('fake')).toMatchObject({
      kind: 'leaf',
      description: 'Fake scripts for the recipe test',
      tools: ['fake_run'],
    });
    expect([...runtime.toolsets.resolve('fake')]).toEqual(['fake_run']);
    for (const preset of ['caduceus-cli', 'caduceus-desktop', 'caduceus-serve']) {
      expect(runtime.toolsets.resolve(preset).has('fake_run'), preset).toBe(true);
      expect(runtime.toolsets.resolve(preset).has('terminal'), preset).toBe(true);
    }
    expect(runtime.toolsets.resolve('caduceus-acp').has('fake_run')).toBe(false);
    expect(runtime.toolsets.resolve('coding').has('fake_run')).toBe(false);
  });

  it('is callable from execute_code scripts, and execute_code says so when it is offered', () => {
    expect(runtime.registry.callableFromScripts()).toContain('fake_run');
    // execute_code's schema as the definitions builder offers it beside these tools.
    const code = lookup('execute_code');
    const offered = (names: string[]) =>
      code?.offeredWith?.(
        code.schema,
        names.flatMap((name) => lookup(name) ?? []),
      ).description ?? '';
    const withFake = offered(['execute_code', 'fake_run']);
    expect(withFake).toContain('Tools the script may call: fake_run.');
    expect(withFake).toContain('Python `tools.fake_run(script="x")`');
    expect(offered(['execute_code', 'terminal'])).not.toContain('fake_run');
  });

  it('is never batched, as its registration says', () => {
    const calls = [call('a', 'fake_run', { script: 'x' }), call('b', 'web_extract', { urls: [] })];
    expect(canRunInParallel(calls, lookup, '/work')).toBe(false);
    const reads = [call('a', 'web_extract', { urls: [] }), call('b', 'web_search', { query: 'q' })];
    expect(canRunInParallel(reads, lookup, '/work')).toBe(true);
  });

  it('has its commands told to the gate before a batch runs, when it is offered', () => {
    const calls = [
      call('a', 'fake_run', { script: 'one' }),
      call('b', 'terminal', { command: 'ls' }),
      call('c', 'web_search', { query: 'q' }),
    ];
    expect(batchCommands(calls, new Set(['fake_run', 'terminal', 'web_search']), lookup)).toEqual([
      { toolCallId: 'a', command: 'fake-run one' },
      { toolCallId: 'b', command: 'ls' },
    ]);
    expect(batchCommands(calls, new Set(['terminal']), lookup)).toEqual([{ toolCallId: 'b', command: 'ls' }]);
  });

  it('shows the icon its registration names, live and reloaded', async () => {
    const home = await mkdtemp(join(tmpdir(), 'caduceus-addtool-'));
    const store = SessionStore.open(home);
    try {
      const session = store.createSession({ title: 'icon' });
      const events: AgentEventBody[] = [];
      const runner = new ToolRunner({
        runtime,
        store: () => store,
        loopHandlers: new Map(),
        sessionId: session.id,
        taskId: session.id,
        cwd: home,
        emit: (event) => events.push(event),
      });
      const calls = [call('c1', 'fake_run', { script: 'x' })];
      store.appendMessage(session.id, { role: 'assistant', content: null, tool_calls: calls });
      await runner.runBatch(calls, new Set(['fake_run']));
      const started = events.find((e) => e.type === 'tool_started');
      expect(started).toMatchObject({ name: 'fake_run', icon: 'code' });
      const live = toolCallView({
        id: 'c1',
        name: 'fake_run',
        emoji: '',
        ...(started?.type === 'tool_started' && started.icon ? { icon: started.icon } : {}),
        args: '{}',
        taskId: session.id,
        startedAt: 0,
        run: 'running',
      });
      expect(live.icon).toBe('code');
      const reloaded = storedToolCallViews(store, session.id, undefined, (t) => lookup(t)?.icon);
      expect(reloaded.get('c1')?.icon).toBe('code');
    } finally {
      store.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
