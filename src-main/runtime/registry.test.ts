import { describe, expect, it } from 'vitest';
import { ctx, newRuntime, spec } from './testing/fixtures';

describe('ToolRegistry', () => {
  it('stores one entry per name with defaults filled in', () => {
    const { runtime } = newRuntime();
    runtime.registry.register(spec('alpha', 'one'));
    const entry = runtime.registry.get('alpha');
    expect(entry?.toolset).toBe('one');
    expect(entry?.description).toBe('alpha tool');
    expect(entry?.requiresEnv).toEqual([]);
    expect(runtime.registry.names()).toEqual(['alpha']);
  });

  it('warns naming both toolsets when a name is registered again, and the later one wins', async () => {
    const { runtime, logger } = newRuntime();
    runtime.registry.register(spec('alpha', 'one', { handler: () => 'first' }));
    runtime.registry.register(spec('alpha', 'two', { handler: () => 'second' }));
    expect(logger.messages).toEqual([
      { level: 'warn', message: 'Tool "alpha" from toolset "two" replaces the one from toolset "one"' },
    ]);
    expect(runtime.registry.get('alpha')?.toolset).toBe('two');
    expect((await runtime.registry.dispatch('alpha', {}, ctx)).text).toBe('second');
  });

  it('does not warn when the same toolset re-registers a tool', () => {
    const { runtime, logger } = newRuntime();
    runtime.registry.register(spec('alpha', 'one'));
    runtime.registry.register(spec('alpha', 'one'));
    expect(logger.messages).toEqual([]);
  });

  it('bumps the generation on every register and deregister', () => {
    const { runtime } = newRuntime();
    const g0 = runtime.registry.generation;
    runtime.registry.register(spec('alpha', 'one'));
    expect(runtime.registry.generation).toBe(g0 + 1);
    expect(runtime.registry.deregister('alpha')).toBe(true);
    expect(runtime.registry.generation).toBe(g0 + 2);
    expect(runtime.registry.deregister('alpha')).toBe(false);
    expect(runtime.registry.generation).toBe(g0 + 2);
  });

  it('rejects a spec whose schema names another tool', () => {
    const { runtime } = newRuntime();
    const bad = spec('alpha', 'one');
    bad.schema = { ...bad.schema, name: 'beta' };
    expect(() => runtime.registry.register(bad)).toThrow(/same name/);
  });

  it('dispatches sync and async handlers and serialises non-string results', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(spec('sync', 's', { handler: () => ({ n: 1 }) }));
    runtime.registry.register(spec('async', 's', { handler: async () => 'later', isAsync: true }));
    expect((await runtime.registry.dispatch('sync', {}, ctx)).text).toBe('{"n":1}');
    expect((await runtime.registry.dispatch('async', {}, ctx)).text).toBe('later');
  });
});
