import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ctx, newRuntime } from '../runtime/testing/fixtures';
import { findPlugins, loadPlugins, type PluginSettings } from './loader';

let root: string;
let settings: PluginSettings;

const toolPlugin = (tool: string, extra = '') => `
export function register(ctx) {
  ctx.registerTool({
    name: '${tool}',
    schema: { name: '${tool}', description: 'from a plugin', parameters: { type: 'object', properties: {} } },
    handler: () => '${tool} from ' + ctx.name,
  });
  ${extra}
}
`;

async function put(path: string, text: string) {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-plugins-'));
  settings = {
    home: join(root, 'home'),
    cwd: join(root, 'project'),
    enabled: [],
    packages: [],
    enableProjectPlugins: false,
  };
  await put(join(settings.home, 'plugins', 'greeter', 'index.mjs'), toolPlugin('greet'));
  await put(join(settings.home, 'plugins', 'unlisted', 'index.js'), toolPlugin('sneaky'));
  await put(
    join(settings.home, 'plugins', 'withmain', 'package.json'),
    JSON.stringify({ main: 'lib/entry.mjs' }),
  );
  await put(join(settings.home, 'plugins', 'withmain', 'lib', 'entry.mjs'), toolPlugin('mainly'));
  await put(join(settings.cwd, '.caduceus', 'plugins', 'local', 'index.mjs'), toolPlugin('project_tool'));
  await put(
    join(settings.home, 'plugins', 'halfway', 'index.mjs'),
    toolPlugin('half', "throw new Error('plugin setup failed');"),
  );
  await put(
    join(settings.cwd, 'node_modules', 'caduceus-plugin-npm', 'package.json'),
    JSON.stringify({ name: 'caduceus-plugin-npm', main: 'main.mjs' }),
  );
  await put(join(settings.cwd, 'node_modules', 'caduceus-plugin-npm', 'main.mjs'), toolPlugin('from_npm'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function load(s: PluginSettings) {
  const { runtime, logger } = newRuntime();
  const report = await loadPlugins(await findPlugins(s), {
    registry: runtime.registry,
    hooks: runtime.hooks,
    toolsets: runtime.toolsets,
    logger,
    resolveFrom: [s.home, s.cwd],
  });
  return { runtime, logger, report };
}

describe('plugins', () => {
  it('loads only the user plugins listed in config', async () => {
    const { runtime, report } = await load({ ...settings, enabled: ['greeter', 'withmain'] });
    expect(report.loaded.map((p) => p.name)).toEqual(['greeter', 'withmain']);
    expect(runtime.registry.names().sort()).toEqual(['greet', 'mainly']);
    expect(runtime.registry.get('greet')?.toolset).toBe('plugin-greeter');
    expect((await runtime.handleFunctionCall('greet', {}, ctx)).text).toBe('greet from greeter');
  });

  it("reports a plugin tool's {error} result as a failure, whatever else it returns as a success", async () => {
    await put(
      join(settings.home, 'plugins', 'moody', 'index.mjs'),
      `export function register(ctx) {
        for (const [name, result] of [['sulk', { error: 'not today' }], ['cheer', { ok: true }], ['say', 'hi']])
          ctx.registerTool({
            name,
            schema: { name, description: 'moody', parameters: { type: 'object', properties: {} } },
            handler: async () => result,
          });
      }`,
    );
    const { runtime } = await load({ ...settings, enabled: ['moody'] });
    expect(await runtime.handleFunctionCall('sulk', {}, ctx)).toMatchObject({
      ok: false,
      text: '{"error":"not today"}',
    });
    expect(await runtime.handleFunctionCall('cheer', {}, ctx)).toMatchObject({
      ok: true,
      text: '{"ok":true}',
    });
    expect(await runtime.handleFunctionCall('say', {}, ctx)).toMatchObject({ ok: true, text: 'hi' });
  });

  it('loads project plugins only with CADUCEUS_ENABLE_PROJECT_PLUGINS', async () => {
    expect((await load(settings)).runtime.registry.has('project_tool')).toBe(false);
    expect(
      (await load({ ...settings, enableProjectPlugins: true })).runtime.registry.has('project_tool'),
    ).toBe(true);
  });

  it('loads npm packages listed in plugins.packages', async () => {
    const { runtime } = await load({ ...settings, packages: ['caduceus-plugin-npm'] });
    expect(runtime.registry.get('from_npm')?.toolset).toBe('plugin-caduceus-plugin-npm');
  });

  it('skips a plugin that throws, registering nothing of it, and loads the rest', async () => {
    const { runtime, report, logger } = await load({
      ...settings,
      enabled: ['halfway', 'missing', 'greeter'],
      packages: ['not-installed-anywhere'],
    });
    expect(runtime.registry.names()).toEqual(['greet']);
    expect(report.failed.map((f) => [f.name, f.error])).toEqual([
      ['halfway', 'plugin setup failed'],
      ['missing', `folder ${join(settings.home, 'plugins', 'missing')} does not exist`],
      ['not-installed-anywhere', expect.stringMatching(/^package "not-installed-anywhere" is not installed/)],
    ]);
    expect(logger.messages.filter((m) => m.level === 'error')).toHaveLength(3);
  });

  it('rolls back everything a plugin registered when registering its later parts fails', async () => {
    const tool = (name: string, schemaName = name) =>
      `ctx.registerTool({ name: '${name}', schema: { name: '${schemaName}', parameters: { type: 'object', properties: {} } }, handler: () => 'ok' });`;
    const plugin = (body: string) => `export function register(ctx) {\n${body}\n}`;
    await put(
      join(settings.home, 'plugins', 'mismatch', 'index.mjs'),
      plugin(
        `${tool('first_tool')}\nctx.registerHook('pre_tool_call', () => ({ action: 'block', message: 'leftover hook' }));\n${tool('second_tool', 'not_the_same')}`,
      ),
    );
    await put(
      join(settings.home, 'plugins', 'badhook', 'index.mjs'),
      plugin(`${tool('hooked_tool')}\nctx.registerHook('no_such_hook', () => undefined);`),
    );
    await put(
      join(settings.home, 'plugins', 'usurper', 'index.mjs'),
      plugin(
        `ctx.registerTool({ name: 'greet', toolset: 'mine', schema: { name: 'greet', parameters: { type: 'object', properties: {} } }, handler: () => 'usurped' });\n${tool('x', 'y')}`,
      ),
    );
    await put(
      join(settings.home, 'plugins', 'bundler', 'index.mjs'),
      plugin(
        `${tool('bundled')}\nctx.registerToolset('bundle', { description: 'b', tools: ['bundled'] });\nthrow new Error('late failure');`,
      ),
    );
    const { runtime, report } = await load({
      ...settings,
      enabled: ['greeter', 'mismatch', 'badhook', 'usurper', 'bundler'],
    });
    expect(report.loaded.map((p) => p.name)).toEqual(['greeter']);
    expect(report.failed.map((p) => p.name)).toEqual(['mismatch', 'badhook', 'usurper', 'bundler']);
    expect(runtime.registry.names()).toEqual(['greet']);
    expect(runtime.registry.get('greet')?.toolset).toBe('plugin-greeter');
    expect(runtime.hooks.has('pre_tool_call')).toBe(false);
    expect(runtime.toolsets.get('bundle')).toBeUndefined();
    expect(runtime.toolsets.get('plugin-mismatch')).toBeUndefined();
    expect((await runtime.handleFunctionCall('first_tool', {}, ctx)).text).toBe(
      '{"error":"Unknown tool: first_tool"}',
    );
    expect((await runtime.handleFunctionCall('greet', {}, ctx)).text).toBe('greet from greeter');
  });

  it('registers a toolset a plugin bundles, and refuses registration after register(ctx) returned', async () => {
    await put(
      join(settings.home, 'plugins', 'bundler', 'index.mjs'),
      `let saved;
      export function register(ctx) {
        saved = ctx;
        ctx.registerTool({ name: 'bundled', schema: { name: 'bundled', parameters: { type: 'object', properties: {} } }, handler: () => 'b' });
        ctx.registerToolset('bundle', { description: 'A bundle', tools: ['bundled'], includes: ['plugin-greeter'] });
      }
      export function lateRegister() {
        saved.registerTool({ name: 'late', schema: { name: 'late', parameters: { type: 'object', properties: {} } }, handler: () => 'late' });
      }`,
    );
    const { runtime, report } = await load({ ...settings, enabled: ['greeter', 'bundler'] });
    expect(report.failed).toEqual([]);
    expect([...runtime.toolsets.resolve('bundle')].sort()).toEqual(['bundled', 'greet']);
    expect(runtime.toolsets.get('bundle')?.kind).toBe('plugin');
    const mod = (await import(
      pathToFileURL(join(settings.home, 'plugins', 'bundler', 'index.mjs')).href
    )) as { lateRegister: () => void };
    expect(() => mod.lateRegister()).toThrow(/after register\(ctx\) returned/);
    expect(runtime.registry.has('late')).toBe(false);
  });

  it('registers plugin hooks that take part in dispatch', async () => {
    await put(
      join(settings.home, 'plugins', 'guard', 'index.mjs'),
      `export function register(ctx) {
        ctx.registerHook('pre_tool_call', (info) => info.name === 'greet' ? { action: 'block', message: 'guard says no' } : undefined);
      }`,
    );
    const { runtime } = await load({ ...settings, enabled: ['greeter', 'guard'] });
    expect((await runtime.handleFunctionCall('greet', {}, ctx)).text).toBe('{"error":"guard says no"}');
  });
});
