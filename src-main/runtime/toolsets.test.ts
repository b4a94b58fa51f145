import { describe, expect, it } from 'vitest';
import { LEGACY_TOOLSETS, PRESET_TOOLSETS, STATIC_TOOLSETS } from './toolsetCatalog';
import { newRuntime, spec } from './testing/fixtures';

describe('ToolsetIndex', () => {
  it('resolves composites through includes', () => {
    const { runtime } = newRuntime();
    for (const t of ['terminal', 'process', 'web_search', 'web_extract', 'read_file'])
      runtime.registry.register(spec(t, 'x'));
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
    for (const def of Object.values(LEGACY_TOOLSETS)) expect(def.tools.length).toBeGreaterThan(0);
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

  it('has the surface presets, and the coding preset has no clarify, messaging or speech', () => {
    for (const name of ['caduceus-desktop', 'caduceus-cli', 'caduceus-serve', 'caduceus-acp']) {
      expect(PRESET_TOOLSETS[name]).toBeDefined();
    }
    const acp = PRESET_TOOLSETS['caduceus-acp']?.tools ?? [];
    expect(acp).toContain('terminal');
    for (const t of ['clarify', 'send_message', 'text_to_speech']) expect(acp).not.toContain(t);
    expect(PRESET_TOOLSETS['caduceus-desktop']?.tools).toContain('clarify');
  });

  it('has every leaf toolset the catalogue names', () => {
    for (const name of [
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
    ]) {
      expect(STATIC_TOOLSETS[name]?.kind).toBe('leaf');
    }
  });
});
