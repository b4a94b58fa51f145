import { describe, expect, it } from 'vitest';
import { EXECUTE_CODE_SCHEMA } from '../tools/codeExecution';
import { BROWSER_WEB_HINT, withoutAbsentWebHint } from '../tools/browser';
import { withScriptTools } from '../tools/codeExecution/scriptTools';
import { newRuntime, spec } from './testing/fixtures';
import type { ToolDefinition } from './types';

const names = (defs: ToolDefinition[]) => defs.map((d) => d.function.name).sort();

function runtimeWithTools() {
  const r = newRuntime();
  for (const [tool, set] of [
    ['web_search', 'web'],
    ['web_extract', 'web'],
    ['terminal', 'terminal'],
    ['process', 'terminal'],
    ['read_file', 'file'],
    ['write_file', 'file'],
  ] as const) {
    r.runtime.registry.register(spec(tool, set));
  }
  return r;
}

describe('getToolDefinitions', () => {
  it('offers every registered tool when neither list is given, in OpenAI format', async () => {
    const { runtime } = runtimeWithTools();
    const defs = await runtime.getToolDefinitions();
    expect(names(defs)).toEqual([
      'process',
      'read_file',
      'terminal',
      'web_extract',
      'web_search',
      'write_file',
    ]);
    expect(defs[0]).toEqual({
      type: 'function',
      function: {
        name: 'web_search',
        description: 'web_search tool',
        parameters: { type: 'object', properties: {} },
      },
    });
  });

  it('enabled only: the union of those toolsets', async () => {
    const { runtime } = runtimeWithTools();
    expect(names(await runtime.getToolDefinitions({ enabled: ['web', 'terminal'] }))).toEqual([
      'process',
      'terminal',
      'web_extract',
      'web_search',
    ]);
  });

  it('disabled only: everything minus those', async () => {
    const { runtime } = runtimeWithTools();
    expect(names(await runtime.getToolDefinitions({ disabled: ['web'] }))).toEqual([
      'process',
      'read_file',
      'terminal',
      'write_file',
    ]);
  });

  it('subtracts disabled last, by resolved tool name, so a composite removes its tools', async () => {
    const { runtime } = runtimeWithTools();
    // debugging = terminal + web + file; disabling it leaves nothing even though web was enabled.
    expect(
      names(await runtime.getToolDefinitions({ enabled: ['web', 'file'], disabled: ['debugging'] })),
    ).toEqual([]);
    // A legacy name in disabled removes the tools it maps to.
    expect(
      names(await runtime.getToolDefinitions({ enabled: ['web', 'terminal'], disabled: ['terminal_tools'] })),
    ).toEqual(['web_extract', 'web_search']);
  });

  it('warns on unknown names in either list', async () => {
    const { runtime, logger } = runtimeWithTools();
    await runtime.getToolDefinitions({ enabled: ['web', 'bogus'], disabled: ['also_bogus'] });
    expect(logger.messages.map((m) => m.message)).toEqual(
      expect.arrayContaining(['Unknown toolset "bogus"', 'Unknown toolset "also_bogus"']),
    );
  });

  it('runs a checkFn shared by several tools once per definitions list', async () => {
    const { runtime } = newRuntime();
    let calls = 0;
    const shared = () => {
      calls++;
      return true;
    };
    for (const t of ['a', 'b', 'c']) runtime.registry.register(spec(t, 'set', { checkFn: shared }));
    await runtime.getToolDefinitions();
    expect(calls).toBe(1);
    await runtime.getToolDefinitions();
    expect(calls).toBe(2);
  });

  it('drops tools whose check fails, returns a reason, or throws (logged, not fatal)', async () => {
    const { runtime, logger } = newRuntime();
    runtime.registry.register(spec('ok', 's', { checkFn: () => true }));
    runtime.registry.register(spec('off', 's', { checkFn: () => false }));
    runtime.registry.register(spec('why', 's', { checkFn: () => 'needs FOO_KEY' }));
    runtime.registry.register(
      spec('boom', 's', {
        checkFn: () => {
          throw new Error('probe exploded');
        },
      }),
    );
    runtime.registry.register(spec('later', 's', { checkFn: async () => true }));
    runtime.registry.register(
      spec('laterNo', 's', { checkFn: async () => Promise.reject(new Error('async boom')) }),
    );
    expect(names(await runtime.getToolDefinitions())).toEqual(['later', 'ok']);
    expect(logger.messages.filter((m) => m.level === 'warn').map((m) => m.message)).toEqual([
      'Availability check of "boom" threw; treating it as unavailable: probe exploded',
      'Availability check of "laterNo" threw; treating it as unavailable: async boom',
    ]);
  });

  it('follows availability changes while memoised, and registry changes', async () => {
    const { runtime } = newRuntime();
    let up = true;
    runtime.registry.register(spec('a', 's', { checkFn: () => up }));
    expect(names(await runtime.getToolDefinitions())).toEqual(['a']);
    up = false;
    expect(names(await runtime.getToolDefinitions())).toEqual([]);
    up = true;
    runtime.registry.register(spec('b', 's'));
    expect(names(await runtime.getToolDefinitions())).toEqual(['a', 'b']);
    runtime.registry.deregister('a');
    expect(names(await runtime.getToolDefinitions())).toEqual(['b']);
  });

  it('returns a list the caller may change without affecting the next one', async () => {
    const { runtime } = runtimeWithTools();
    const first = await runtime.getToolDefinitions();
    first.length = 0;
    expect((await runtime.getToolDefinitions()).length).toBe(6);
  });

  const executeCode = () =>
    spec('execute_code', 'code_execution', { schema: EXECUTE_CODE_SCHEMA, offeredWith: withScriptTools });
  const readFile = () =>
    spec('read_file', 'file', {
      fromScripts: { example: { python: 'path="a.txt"', node: '{ path: "a.txt" }' } },
    });
  const terminal = (overrides: object = {}) =>
    spec('terminal', 'terminal', {
      fromScripts: { example: { python: 'command="ls"', node: '{ command: "ls" }' } },
      ...overrides,
    });

  it('lists in execute_code only the callable tools that passed their checks', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(executeCode());
    runtime.registry.register(readFile());
    runtime.registry.register(terminal({ checkFn: () => false }));
    runtime.registry.register(spec('web_search', 'web', { fromScripts: {} }));
    runtime.registry.register(spec('process', 'terminal'));
    const defs = await runtime.getToolDefinitions({ disabled: ['web'] });
    const text = defs.find((d) => d.function.name === 'execute_code')?.function.description ?? '';
    expect(text).toContain('Tools the script may call: read_file.');
    expect(text).toContain('Python `tools.read_file(path="a.txt")`');
    expect(text).not.toMatch(/terminal|web_search|\bprocess\b/);
  });

  it('gives execute_code examples only for callable tools, and says so plainly when none is', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(executeCode());
    runtime.registry.register(readFile());
    runtime.registry.register(terminal());
    const describe = async (disabled: string[]) =>
      (await runtime.getToolDefinitions({ disabled })).find((d) => d.function.name === 'execute_code')
        ?.function.description ?? '';

    const none = await describe(['file', 'terminal']);
    expect(none).not.toMatch(/tools\.\w+\(|read_file|terminal/);
    expect(none).toContain('No tools can be called from the script');

    const terminalOnly = await describe(['file']);
    expect(terminalOnly).toContain('Tools the script may call: terminal.');
    expect(terminalOnly).toContain('Python `tools.terminal(command="ls")`');
    expect(terminalOnly).not.toContain('read_file');
    // The registered schema is left as it was.
    expect(runtime.registry.get('execute_code')?.schema.description).toBe(EXECUTE_CODE_SCHEMA.description);
  });

  it('drops the web hint from browser_navigate when no web tool is offered', async () => {
    const { runtime } = newRuntime();
    const base = spec('browser_navigate', 'browser', { offeredWith: withoutAbsentWebHint });
    base.schema = { ...base.schema, description: `Open a URL.${BROWSER_WEB_HINT}` };
    runtime.registry.register(base);
    runtime.registry.register(spec('web_search', 'web'));
    const withWeb = await runtime.getToolDefinitions();
    expect(withWeb.find((d) => d.function.name === 'browser_navigate')?.function.description).toContain(
      'web_search',
    );
    const withoutWeb = await runtime.getToolDefinitions({ disabled: ['web'] });
    expect(withoutWeb[0]?.function.description).toBe('Open a URL.');
    // The registered schema itself is never changed.
    expect(runtime.registry.get('browser_navigate')?.schema.description).toContain('web_search');
  });
});

describe('isToolsetAvailable / describeToolset', () => {
  it('reports each tool, and a toolset as available, partly available (n of m) or unavailable', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(
      spec('web_search', 'web', { checkFn: () => 'no search provider key', requiresEnv: ['X_KEY'] }),
    );
    runtime.registry.register(spec('web_extract', 'web'));
    runtime.registry.register(spec('read_file', 'file'));
    runtime.registry.register(spec('ha_get_state', 'plugin-ha', { checkFn: () => 'needs HASS_URL' }));
    expect(await runtime.isToolsetAvailable('web')).toBe(true);
    expect(await runtime.isToolsetAvailable('file')).toBe(true);
    expect(await runtime.isToolsetAvailable('plugin-ha')).toBe(false);
    expect(await runtime.isToolsetAvailable('nope')).toBe(false);

    const web = await runtime.describeToolset('web');
    expect(web).toMatchObject({
      availability: 'partial',
      available: true,
      toolsAvailable: 1,
      toolsTotal: 2,
      unavailable: { web_search: 'no search provider key' },
      requiresEnv: ['X_KEY'],
      missingEnv: ['X_KEY'],
    });
    expect(web?.toolAvailability).toEqual([
      { name: 'web_search', available: false, reason: 'no search provider key' },
      { name: 'web_extract', available: true },
    ]);
    expect(await runtime.describeToolset('plugin-ha')).toMatchObject({
      availability: 'unavailable',
      available: false,
      toolsAvailable: 0,
      toolsTotal: 1,
    });
  });

  it('counts a listed tool that never registered as unavailable, saying so', async () => {
    const { runtime } = newRuntime({
      pair: { kind: 'leaf', description: 'two tools', tools: ['one', 'two'], includes: [] },
      ghost: { kind: 'leaf', description: 'nothing loaded', tools: ['three'], includes: [] },
    });
    runtime.registry.register(spec('one', 'pair'));
    expect(await runtime.describeToolset('pair')).toMatchObject({
      availability: 'partial',
      toolsAvailable: 1,
      toolsTotal: 2,
      unavailable: { two: 'not registered (its module did not load)' },
    });
    expect(await runtime.describeToolset('ghost')).toMatchObject({
      availability: 'unavailable',
      toolsAvailable: 0,
      toolsTotal: 1,
    });
  });
});
