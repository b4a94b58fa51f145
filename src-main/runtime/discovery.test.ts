import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOL_MODULES } from '../tools/builtin';
import { discoverTools } from './discovery';
import { LEAF_TOOLSETS } from './toolsetCatalog';
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

  it('registers the whole catalogue: every tool of every leaf toolset', async () => {
    const { runtime, logger } = newRuntime();
    const report = await discoverTools(
      { registry: runtime.registry, logger, services: {} },
      BUILTIN_TOOL_MODULES,
    );
    expect(report.failed).toEqual([]);
    for (const [set, def] of Object.entries(LEAF_TOOLSETS)) {
      for (const tool of def.tools)
        expect(runtime.registry.get(tool)?.toolset, `${tool} in ${set}`).toBe(set);
    }
    expect(logger.messages.filter((m) => m.level === 'warn')).toEqual([]);
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
