import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../mcp/testing/servers';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-cli-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const m = memoryIo({ CADUCEUS_HOME: home, ...env }, home);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

describe('caduceus CLI', () => {
  it('lists toolsets as JSON with kind, tools, availability and required env', async () => {
    const { code, stdout } = await run(['toolsets', '--json']);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as {
      name: string;
      kind: string;
      tools: string[];
      available: boolean;
      requiresEnv: string[];
      includes: string[];
    }[];
    const ha = rows.find((r) => r.name === 'homeassistant');
    expect(ha).toMatchObject({ kind: 'leaf', available: false, requiresEnv: ['HASS_URL', 'HASS_TOKEN'] });
    expect(rows.find((r) => r.name === 'web_tools')?.kind).toBe('legacy');
    expect(rows.find((r) => r.name === 'caduceus-acp')?.kind).toBe('preset');
    expect(rows.find((r) => r.name === 'debugging')?.includes).toEqual(['terminal', 'web', 'file']);
  });

  it('reports each toolset as available, partly available (n of m) or unavailable, matching what is offered', async () => {
    // With PATH the installed Chromium is found; browser_vision still lacks a vision model.
    const env = { PATH: process.env.PATH };
    const { stdout } = await run(['toolsets', '--json'], env);
    const rows = JSON.parse(stdout) as {
      name: string;
      availability: string;
      available: boolean;
      toolsAvailable: number;
      toolsTotal: number;
      toolAvailability: { name: string; available: boolean; reason?: string }[];
      unavailable: Record<string, string>;
    }[];
    for (const row of rows) {
      const offered = row.toolAvailability.filter((t) => t.available).length;
      expect(row.toolsAvailable, row.name).toBe(offered);
      expect(row.toolsTotal, row.name).toBe(row.toolAvailability.length);
      const expected = offered === 0 ? 'unavailable' : offered < row.toolsTotal ? 'partial' : 'available';
      expect(row.availability, row.name).toBe(expected);
      expect(row.available, row.name).toBe(offered > 0);
      for (const t of row.toolAvailability.filter((x) => !x.available))
        expect(row.unavailable[t.name], `${row.name}/${t.name}`).toBe(t.reason);
    }
    // The model is offered exactly the browser tools the row counts as available.
    const browser = rows.find((r) => r.name === 'browser');
    const listed = await run(['tools', 'list', '--toolsets', 'browser', '--json'], env);
    const offeredNames = (JSON.parse(listed.stdout) as { function: { name: string } }[]).map(
      (d) => d.function.name,
    );
    expect(browser?.toolAvailability.filter((t) => t.available).map((t) => t.name)).toEqual(offeredNames);
    expect(browser?.toolsTotal).toBe(10);
    expect(browser?.unavailable.browser_vision).toBeDefined();

    expect(browser?.availability).toBe('partial');
    expect(browser?.toolsAvailable).toBe(9);

    const text = (await run(['toolsets'], env)).stdout;
    expect(text).toMatch(/^browser \[leaf\] partly available \(9 of 10\): .*\n {2}browser_vision: .*vision/m);
    expect(text).toMatch(/^homeassistant \[leaf\] unavailable/m);
  });

  it('prints the exact string the model would receive for a call', async () => {
    expect((await run(['call', 'nope', '--args', '{}'])).stdout).toBe('{"error":"Unknown tool: nope"}\n');
    expect((await run(['call', 'todo'])).stdout).toBe('{"error":"todo must be handled by the agent loop"}\n');
  });

  it('offers MCP tools from config.yaml, callable from the CLI, with warnings on stderr', async () => {
    const server = everythingServer();
    await mkdir(home, { recursive: true });
    await writeFile(
      join(home, 'config.yaml'),
      `mcp_servers:\n  everything:\n    command: ${JSON.stringify(server.command)}\n    args: ${JSON.stringify(server.args)}\n  dead:\n    command: /nonexistent/server\n`,
    );
    const list = await run(['tools', 'list', '--toolsets', 'mcp-everything', '--json']);
    expect(list.code).toBe(0);
    const names = (JSON.parse(list.stdout) as { function: { name: string } }[]).map((d) => d.function.name);
    expect(names).toContain('mcp_everything_echo');
    expect(names.every((n) => n.startsWith('mcp_everything_'))).toBe(true);
    expect(list.stderr).toMatch(/MCP server "dead" is unavailable/);
    const call = await run(['call', 'mcp_everything_echo', '--args', '{"message":"hi"}']);
    expect(call.stdout).toBe('Echo: hi\n');
    const disabled = await run(['tools', 'list', '--disable', 'mcp-everything', '--json']);
    const left = (JSON.parse(disabled.stdout) as { function: { name: string } }[]).map(
      (d) => d.function.name,
    );
    expect(left.filter((n) => n.startsWith('mcp_'))).toEqual([]);
    expect(left).toContain('todo');
    await rm(join(home, 'config.yaml'));
  });

  it('reports a broken config.yaml clearly and exits non-zero', async () => {
    await writeFile(join(home, 'config.yaml'), 'approvals: [oops\n');
    const { code, stderr } = await run(['toolsets']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/config error: .*config\.yaml is not valid YAML/);
    await rm(join(home, 'config.yaml'));
  });

  it('rejects unknown commands and options with usage', async () => {
    expect((await run(['frobnicate'])).code).toBe(2);
    const bad = await run(['tools', 'list', '--what']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--what/);
  });

  it('runs as the installed bin', async () => {
    // An error result makes `call` exit 1, which execFile reports as a rejection.
    const failed = await promisify(execFile)(process.execPath, ['bin/caduceus.mjs', 'call', 'nope'], {
      env: { ...process.env, CADUCEUS_HOME: home },
    }).then(
      () => undefined,
      (err: { code?: number; stdout?: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toBe('{"error":"Unknown tool: nope"}\n');
  });
});
