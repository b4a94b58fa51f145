import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOL_MODULES } from '../tools/builtin';
import { discoverTools } from './discovery';
import { ctx, newRuntime, spec } from './testing/fixtures';

describe('discoverTools', () => {
  it('skips a module that throws on import and loads the rest, in order', async () => {
    const { runtime, logger } = newRuntime();
    const context = { registry: runtime.registry, logger, services: {} };
    const report = await discoverTools(context, [
      { name: 'first', load: async () => ({ registerTools: (c) => c.registry.register(spec('one', 'a')) }) },
      { name: 'broken', load: () => import('./testing/brokenToolModule') },
      { name: 'last', load: async () => ({ registerTools: (c) => c.registry.register(spec('two', 'b')) }) },
    ]);
    expect(report.loaded).toEqual(['first', 'last']);
    expect(report.failed).toEqual([{ name: 'broken', error: 'this module cannot be imported' }]);
    expect(runtime.registry.names()).toEqual(['one', 'two']);
    expect(logger.messages).toContainEqual({
      level: 'error',
      message: 'Tool module "broken" failed to load and was skipped: this module cannot be imported',
    });
  });

  it('undoes every registration of a module that throws part-way through registering', async () => {
    const { runtime, logger } = newRuntime();
    const context = { registry: runtime.registry, logger, services: {} };
    const report = await discoverTools(context, [
      { name: 'first', load: async () => ({ registerTools: (c) => c.registry.register(spec('one', 'a')) }) },
      {
        name: 'halfway',
        load: async () => ({
          registerTools: (c) => {
            c.registry.register(spec('half', 'h'));
            c.registry.register(spec('one', 'h', { handler: () => 'replaced' }));
            throw new Error('setup failed after two registrations');
          },
        }),
      },
    ]);
    expect(report.failed).toEqual([{ name: 'halfway', error: 'setup failed after two registrations' }]);
    expect(runtime.registry.names()).toEqual(['one']);
    expect(runtime.registry.get('one')?.toolset).toBe('a');
    expect((await runtime.handleFunctionCall('one', {}, ctx)).text).toBe('one ran');
  });

  it('registers the whole catalogue: every built-in tool in a described leaf toolset', async () => {
    const { runtime, logger } = newRuntime();
    const report = await discoverTools(
      { registry: runtime.registry, logger, services: {} },
      BUILTIN_TOOL_MODULES,
    );
    expect(report.failed).toEqual([]);
    const leaves = new Set([...runtime.registry.entries()].map((entry) => entry.toolset));
    expect([...leaves].sort()).toEqual(
      [
        'web',
        'terminal',
        'file',
        'browser',
        'vision',
        'image_gen',
        'tts',
        'skills',
        'cronjob',
        'messaging',
        'todo',
        'memory',
        'session_search',
        'clarify',
        'code_execution',
        'delegation',
        'homeassistant',
        'moa',
      ].sort(),
    );
    for (const name of leaves) {
      const set = runtime.toolsets.get(name);
      expect(set?.kind, name).toBe('leaf');
      expect(set?.description, name).not.toBe('');
    }
    expect([...runtime.toolsets.resolve('web_tools')]).toEqual(['web_search', 'web_extract']);
    expect([...runtime.toolsets.resolve('terminal_tools')]).toEqual(['terminal', 'process']);
    expect(logger.messages.filter((m) => m.level === 'warn')).toEqual([]);
  });

  it('puts the built-in tools in the presets their registrations name', async () => {
    const { runtime, logger } = newRuntime();
    await discoverTools({ registry: runtime.registry, logger, services: {} }, BUILTIN_TOOL_MODULES);
    const every = runtime.registry.names().filter((name) => name !== 'send_message');
    for (const preset of ['caduceus-desktop', 'caduceus-cli', 'caduceus-serve'])
      expect([...runtime.toolsets.resolve(preset)].sort(), preset).toEqual([...every].sort());
    const coding = [...runtime.toolsets.resolve('caduceus-acp')];
    expect(coding).toEqual([...runtime.toolsets.resolve('coding')]);
    expect(coding).toContain('terminal');
    expect(coding).toContain('execute_code');
    for (const t of [
      'clarify',
      'send_message',
      'text_to_speech',
      'image_generate',
      'cronjob',
      'ha_get_state',
    ])
      expect(coding).not.toContain(t);
    expect(every.filter((t) => !coding.includes(t)).sort()).toEqual(
      [
        'clarify',
        'cronjob',
        'ha_call_service',
        'ha_get_state',
        'ha_list_entities',
        'ha_list_services',
        'image_generate',
        'text_to_speech',
      ].sort(),
    );
    expect(runtime.registry.callableFromScripts()).toEqual([
      'web_search',
      'web_extract',
      'terminal',
      'read_file',
      'write_file',
      'patch',
      'search_files',
    ]);
  });

  it('offers no tool whose handler this build lacks, and says why', async () => {
    const { runtime, logger } = newRuntime();
    await discoverTools({ registry: runtime.registry, logger, services: { env: {} } }, BUILTIN_TOOL_MODULES);
    const info = await runtime.describeToolset('homeassistant');
    expect(info?.available).toBe(false);
    expect(info?.unavailable.ha_get_state).toBe('Home Assistant needs HASS_URL and HASS_TOKEN');
    expect(info?.requiresEnv).toEqual(['HASS_URL', 'HASS_TOKEN']);
    const offered = (await runtime.getToolDefinitions()).map((d) => d.function.name);
    for (const name of offered) {
      expect(
        (await runtime.handleFunctionCall(name, {}, { taskId: 't', sessionId: 's', toolCallId: 'c' })).text,
      ).not.toMatch(/not available in this build/);
    }
  });
});
