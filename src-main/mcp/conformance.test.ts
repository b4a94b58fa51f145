import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The official MCP conformance suite's client scenarios, run against Caduceus's MCP client
 * (scripts/mcpConformanceClient.ts). Each scenario's test server listens on loopback and
 * hands its URL to the client. sse-retry checks the reconnect delay, which a crowded
 * machine would distort, so it runs alone; the rest run two at a time. A second client
 * (scripts/mcpConformanceCliClient.ts) runs the step-up scenario through the `caduceus` CLI.
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const conformanceBin = join(
  require.resolve('@modelcontextprotocol/conformance/package.json'),
  '../dist/index.js',
);
const expectedFailuresFile = fileURLToPath(
  new URL('./testing/conformanceExpectedFailures.yml', import.meta.url),
);
const clientSource = fileURLToPath(new URL('../../scripts/mcpConformanceClient.ts', import.meta.url));
const cliClientSource = fileURLToPath(new URL('../../scripts/mcpConformanceCliClient.ts', import.meta.url));
const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/caduceus/', import.meta.url));

let dir = '';
let clientBundle = '';
let cliClientBundle = '';
beforeAll(async () => {
  // Inside node_modules, so the bundle finds its packages (kept external: some ship native
  // .node addons, which a bundle cannot hold).
  await mkdir(cacheDir, { recursive: true });
  dir = await mkdtemp(join(cacheDir, 'conformance-'));
  clientBundle = join(dir, 'client.mjs');
  cliClientBundle = join(dir, 'cliClient.mjs');
  await Promise.all([bundle(clientSource, clientBundle), bundle(cliClientSource, cliClientBundle)]);
});

/** One bundled file starts far faster than tsx would, once per scenario. */
async function bundle(source: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [source],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
}
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Scenarios that measure time; they run with nothing else of ours beside them. */
const TIMED = new Set(['sse-retry']);

interface Scenario {
  name: string;
  tags: string[];
}

async function clientScenarios(): Promise<Scenario[]> {
  const { stdout } = await run(process.execPath, [conformanceBin, 'list']);
  const section = stdout.split('Client scenarios')[1] ?? '';
  return [...section.matchAll(/^\s+- (\S+) \[([^\]]*)\]/gm)].map((m) => ({
    name: m[1] ?? '',
    tags: (m[2] ?? '').split(','),
  }));
}

async function runScenario(name: string, client = clientBundle): Promise<{ ok: boolean; output: string }> {
  const args = [conformanceBin, 'client', '--scenario', name, '--expected-failures', expectedFailuresFile];
  args.push('--command', `"${process.execPath}" "${client}"`, '-o', join(dir, 'results'));
  try {
    const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, output: stdout };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}\n${e.stderr ?? ''}` };
  }
}

describe('MCP conformance (client scenarios)', () => {
  it('lists only draft or extension scenarios as expected failures', async () => {
    const scenarios = await clientScenarios();
    const expected = (parse(await readFile(expectedFailuresFile, 'utf8')) as { client: string[] }).client;
    for (const name of expected) {
      const scenario = scenarios.find((s) => s.name === name);
      expect(scenario, name).toBeDefined();
      expect(
        scenario?.tags.some((t) => t === 'draft' || t === 'extension'),
        name,
      ).toBe(true);
    }
  });

  it('passes every client scenario except the listed ones', { timeout: 900_000 }, async () => {
    const scenarios = await clientScenarios();
    expect(scenarios.length).toBeGreaterThan(20);
    const failed: string[] = [];
    const check = async (name: string) => {
      const result = await runScenario(name);
      if (!result.ok) failed.push(`${name}:\n${result.output.split('\n').slice(-25).join('\n')}`);
    };
    const timed = scenarios.filter((s) => TIMED.has(s.name)).map((s) => s.name);
    const queue = scenarios.filter((s) => !TIMED.has(s.name)).map((s) => s.name);
    for (const name of timed) await check(name);
    const worker = async () => {
      for (let name = queue.shift(); name; name = queue.shift()) await check(name);
    };
    await Promise.all(Array.from({ length: 2 }, worker));
    expect(failed).toEqual([]);
  });

  it(
    're-authorizes with the wider scope when a `caduceus call` meets 403 insufficient_scope',
    { timeout: 300_000 },
    async () => {
      // Signed in once with `caduceus mcp login`; the call's process connected the server at start-up.
      const result = await runScenario('auth/scope-step-up', cliClientBundle);
      expect(result.ok, result.output.split('\n').slice(-40).join('\n')).toBe(true);
    },
  );
});
