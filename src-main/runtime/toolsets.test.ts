import { describe, expect, it } from 'vitest';
import { CODING_PRESETS, LEGACY_TOOLSETS, PRESET_TOOLSETS, SURFACE_PRESETS } from './toolsetCatalog';
import { newRuntime, spec } from './testing/fixtures';

describe('ToolsetIndex', () => {
  it('resolves composites through includes', () => {
    const { runtime } = newRuntime();
    for (const [t, set] of [
      ['terminal', 'terminal'],
      ['process', 'terminal'],
      ['web_search', 'web'],
      ['web_extract', 'web'],
      ['read_file', 'file'],
      ['write_file', 'file'],
      ['patch', 'file'],
      ['search_files', 'file'],
      ['vision_analyze', 'vision'],
    ] as const)
      runtime.registry.register(spec(t, set));
    expect([...runtime.toolsets.resolve('debugging')].sort()).toEqual(
      [
        'process',
        'read_file',
        'terminal',
        'web_extract',
        'web_search',
        'write_file',
        'patch',
        'search_files',
      ].sort(),
    );
  });

  it('maps every legacy name to the tools of its current toolset', () => {
    const { runtime } = newRuntime();
    for (const [t, set] of [
      ['web_search', 'web'],
      ['web_extract', 'web'],
      ['terminal', 'terminal'],
      ['process', 'terminal'],
    ] as const)
      runtime.registry.register(spec(t, set));
    expect([...runtime.toolsets.resolve('web_tools')]).toEqual(['web_search', 'web_extract']);
    expect([...runtime.toolsets.resolve('terminal_tools')]).toEqual(['terminal', 'process']);
    expect(Object.keys(LEGACY_TOOLSETS).sort()).toEqual(
      [
        'web_tools',
        'terminal_tools',
        'vision_tools',
        'moa_tools',
        'image_tools',
        'skills_tools',
        'browser_tools',
        'cronjob_tools',
        'file_tools',
        'tts_tools',
      ].sort(),
    );
    for (const def of Object.values(LEGACY_TOOLSETS)) expect(def.sameAs).toBeDefined();
  });

  it('detects include cycles and still resolves what it can', () => {
    const { runtime, logger } = newRuntime({
      a: { kind: 'composite', description: '', tools: ['t1'], includes: ['b'] },
      b: { kind: 'composite', description: '', tools: ['t2'], includes: ['a'] },
    });
    expect([...runtime.toolsets.resolve('a')].sort()).toEqual(['t1', 't2']);
    expect(logger.messages.some((m) => m.message.includes('cycle ignored: a -> b -> a'))).toBe(true);
  });

  it('warns on unknown names and resolves them to nothing', () => {
    const { runtime, logger } = newRuntime();
    expect(runtime.toolsets.resolve('nope').size).toBe(0);
    expect(logger.messages).toContainEqual({ level: 'warn', message: 'Unknown toolset "nope"' });
  });

  it('resolves all and * to every registered tool', () => {
    const { runtime } = newRuntime();
    runtime.registry.register(spec('a', 'one'));
    runtime.registry.register(spec('b', 'mcp-srv'));
    expect([...runtime.toolsets.resolve('all')]).toEqual(['a', 'b']);
    expect([...runtime.toolsets.resolve('*')]).toEqual(['a', 'b']);
  });

  it('knows MCP and plugin toolsets from the registry, and refreshes when it changes', () => {
    const { runtime } = newRuntime();
    runtime.registry.register(spec('mcp_srv_echo', 'mcp-srv'));
    runtime.registry.register(spec('hello', 'my-plugin'));
    expect(runtime.toolsets.get('mcp-srv')?.kind).toBe('mcp');
    expect(runtime.toolsets.get('my-plugin')?.kind).toBe('plugin');
    expect([...runtime.toolsets.resolve('mcp-srv')]).toEqual(['mcp_srv_echo']);
    runtime.registry.register(spec('mcp_srv_add', 'mcp-srv'));
    expect([...runtime.toolsets.resolve('mcp-srv')]).toEqual(['mcp_srv_echo', 'mcp_srv_add']);
  });

  it('has the surface presets, each offering the tools whose registrations name it', () => {
    const { runtime } = newRuntime();
    for (const name of ['caduceus-desktop', 'caduceus-cli', 'caduceus-serve', 'caduceus-acp']) {
      expect(PRESET_TOOLSETS[name]).toBeDefined();
    }
    runtime.registry.register(spec('terminal', 'terminal', { presets: CODING_PRESETS }));
    runtime.registry.register(spec('clarify', 'clarify', { presets: SURFACE_PRESETS }));
    runtime.registry.register(spec('send_message', 'messaging'));
    const acp = runtime.toolsets.get('caduceus-acp');
    expect(acp?.kind).toBe('preset');
    expect(acp?.tools).toEqual(['terminal']);
    expect([...runtime.toolsets.resolve('coding')]).toEqual(['terminal']);
    expect([...runtime.toolsets.resolve('caduceus-desktop')]).toEqual(['terminal', 'clarify']);
  });

  it('makes a toolset a described leaf when one of its tools describes it', () => {
    const { runtime } = newRuntime();
    runtime.registry.register(
      spec('web_search', 'web', { toolsetDescription: 'Web search and page extraction' }),
    );
    runtime.registry.register(spec('web_extract', 'web'));
    expect(runtime.toolsets.get('web')).toEqual({
      name: 'web',
      kind: 'leaf',
      description: 'Web search and page extraction',
      tools: ['web_search', 'web_extract'],
      includes: [],
    });
  });
});
