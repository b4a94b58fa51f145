import { afterEach, describe, expect, it } from 'vitest';
import { McpServerSchema } from '../config/schema';
import { ctx, newRuntime, spec } from '../runtime/testing/fixtures';
import { McpManager } from './manager';
import { mcpToolName } from './naming';
import { changingServer, clientFeaturesServer, everythingServer } from './testing/servers';

let manager: McpManager | undefined;
afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
});

function setup() {
  const r = newRuntime();
  manager = new McpManager(r.runtime.registry, r.logger);
  return { ...r, manager };
}

async function until(predicate: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('MCP servers', () => {
  it("registers the everything server's tools and calls them end to end", async () => {
    const { runtime, manager } = setup();
    const [status] = await manager.connectAll({ everything: everythingServer() });
    expect(status?.state).toBe('connected');
    expect(status?.tools).toContain('mcp_everything_echo');
    expect(runtime.registry.get('mcp_everything_echo')?.toolset).toBe('mcp-everything');
    const defs = await runtime.getToolDefinitions({ enabled: ['mcp-everything'] });
    expect(defs.map((d) => d.function.name)).toContain('mcp_everything_get_sum');
    expect((await runtime.handleFunctionCall('mcp_everything_echo', { message: 'hello' }, ctx)).text).toBe(
      'Echo: hello',
    );
    expect(
      (await runtime.handleFunctionCall('mcp_everything_get_sum', '{"a": 2, "b": "3"}', ctx)).text,
    ).toMatch(/5/);
    const invalid = JSON.parse((await runtime.handleFunctionCall('mcp_everything_echo', {}, ctx)).text);
    expect(invalid.error).toMatch(
      /^Invalid arguments for mcp_everything_echo: missing required argument "message"/,
    );
  });

  it('reports a server that fails to connect and still connects the rest', async () => {
    const { runtime, manager, logger } = setup();
    const broken = McpServerSchema.parse({ command: '/nonexistent/mcp-server', timeout: 10 });
    const statuses = await manager.connectAll({ broken, everything: everythingServer() });
    const byName = Object.fromEntries(statuses.map((s) => [s.name, s]));
    expect(byName.broken?.state).toBe('failed');
    expect(byName.broken?.error).toBeTruthy();
    expect(byName.everything?.state).toBe('connected');
    expect(runtime.registry.toolsIn('mcp-broken')).toEqual([]);
    expect(logger.messages.some((m) => m.message.startsWith('MCP server "broken" is unavailable'))).toBe(
      true,
    );
  });

  it('applies include and exclude filters, and skips disabled servers', async () => {
    const { runtime, manager } = setup();
    await manager.connectAll({
      a: everythingServer({ tools: { include: ['echo', 'get-sum'], exclude: ['get-sum'] } }),
      off: everythingServer({ enabled: false }),
    });
    expect(runtime.registry.toolsIn('mcp-a')).toEqual(['mcp_a_echo']);
    expect(manager.status().find((s) => s.name === 'off')?.state).toBe('disabled');
  });

  it('never lets an MCP tool shadow a built-in one', async () => {
    const { runtime, manager, logger } = setup();
    const name = mcpToolName('everything', 'echo');
    runtime.registry.register(spec(name, 'builtin'));
    await manager.connectAll({ everything: everythingServer() });
    expect(runtime.registry.get(name)?.toolset).toBe('builtin');
    expect(
      logger.messages.some((m) => m.message.includes('would shadow "mcp_everything_echo" of "builtin"')),
    ).toBe(true);
  });

  it('refreshes the tools when the server announces tools/list_changed', async () => {
    const { runtime, manager } = setup();
    await manager.connectAll({ 'my.server': changingServer() });
    expect(runtime.registry.toolsIn('mcp-my.server')).toEqual(['mcp_my_server_add_tool']);
    expect(
      (await runtime.handleFunctionCall('mcp_my_server_add_tool', { name: 'late-tool' }, ctx)).text,
    ).toBe('added late-tool');
    await until(() => runtime.registry.has('mcp_my_server_late_tool'), 'the new tool');
    expect((await runtime.handleFunctionCall('mcp_my_server_late_tool', {}, ctx)).text).toBe(
      'late-tool says hi',
    );
  });
});

describe('MCP roots', () => {
  it('offers the workspace as the root and announces a new one with roots/list_changed', async () => {
    const r = newRuntime();
    manager = new McpManager(r.runtime.registry, r.logger, { roots: () => ['/work/one'] });
    await manager.connectAll({ features: clientFeaturesServer() });
    const first = JSON.parse((await r.runtime.handleFunctionCall('mcp_features_roots', {}, ctx)).text);
    expect(first).toEqual({ roots: [{ uri: 'file:///work/one', name: '/work/one' }], rootsChanges: 0 });
    await manager.setRoots(['/work/two']);
    // The notification and the next request travel in order over the same stdio pipe.
    const second = JSON.parse((await r.runtime.handleFunctionCall('mcp_features_roots', {}, ctx)).text);
    expect(second).toEqual({ roots: [{ uri: 'file:///work/two', name: '/work/two' }], rootsChanges: 1 });
  });
});

describe('MCP progress', () => {
  it("streams a tool's progress notifications to the tool card's live output", async () => {
    const { runtime, manager } = setup();
    await manager.connectAll({ everything: everythingServer() });
    const lines: string[] = [];
    const result = (
      await runtime.handleFunctionCall(
        'mcp_everything_trigger_long_running_operation',
        { duration: 0.2, steps: 2 },
        { ...ctx, onOutput: (chunk) => void lines.push(chunk) },
      )
    ).text;
    expect(result).toContain('Long running operation completed');
    // The SDK may settle the call before it handles the last notification, so only the first
    // steps are certain to be shown.
    expect(lines[0]).toBe('[progress 1/2]\n');
    expect(lines.every((line) => /^\[progress [12]\/2\]\n$/.test(line))).toBe(true);
  });
});

describe('MCP resources', () => {
  it("reads a server's resources through one read_resource tool that names them", async () => {
    const { runtime, manager } = setup();
    await manager.connectAll({ everything: everythingServer() });
    const spec = runtime.registry.get('mcp_everything_read_resource');
    expect(spec?.toolset).toBe('mcp-everything');
    const listed = /^- (\S+)/m.exec(spec?.schema.description ?? '')?.[1] ?? '';
    expect(listed).toMatch(/^demo:\/\//);
    const text = (await runtime.handleFunctionCall('mcp_everything_read_resource', { uri: listed }, ctx))
      .text;
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/^\{"error"/);
    const missing = JSON.parse(
      (await runtime.handleFunctionCall('mcp_everything_read_resource', { uri: 'demo://nope/404' }, ctx))
        .text,
    );
    expect(missing.error).toBeTruthy();
  });
});

describe('MCP logging', () => {
  it("shows the server's log lines on the card of the call in flight", async () => {
    const { runtime, manager } = setup();
    await manager.connectAll({ features: clientFeaturesServer() });
    const lines: string[] = [];
    const result = (
      await runtime.handleFunctionCall(
        'mcp_features_log',
        {},
        { ...ctx, onOutput: (chunk) => void lines.push(chunk) },
      )
    ).text;
    expect(result).toBe('logged');
    expect(lines).toEqual(['[info worker] halfway there\n']);
  });
});
