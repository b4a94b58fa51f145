/**
 * Runs the official MCP conformance suite's client scenarios against Caduceus's MCP client
 * (scripts/mcpConformanceClient.ts) or the `caduceus` CLI (scripts/mcpConformanceCliClient.ts),
 * each bundled once. Each scenario's test server listens on loopback and hands its URL to the
 * client.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const conformanceBin = join(
  require.resolve('@modelcontextprotocol/conformance/package.json'),
  '../dist/index.js',
);
export const expectedFailuresFile = fileURLToPath(
  new URL('./conformanceExpectedFailures.yml', import.meta.url),
);
const clientSource = fileURLToPath(new URL('../../../scripts/mcpConformanceClient.ts', import.meta.url));
const cliClientSource = fileURLToPath(
  new URL('../../../scripts/mcpConformanceCliClient.ts', import.meta.url),
);
const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/caduceus/', import.meta.url));

/** Scenarios that measure time; they run in a file of their own, with no other file beside it. */
export const TIMED = new Set(['sse-retry']);

export interface Scenario {
  name: string;
  tags: string[];
}

export class ConformanceRunner {
  private dir = '';
  private clientBundle = '';
  private cliClientBundle = '';

  async start(): Promise<void> {
    // Inside node_modules, so the bundle finds its packages (kept external: some ship native
    // .node addons, which a bundle cannot hold).
    await mkdir(cacheDir, { recursive: true });
    this.dir = await mkdtemp(join(cacheDir, 'conformance-'));
    this.clientBundle = join(this.dir, 'client.mjs');
    this.cliClientBundle = join(this.dir, 'cliClient.mjs');
    await Promise.all([
      bundle(clientSource, this.clientBundle),
      bundle(cliClientSource, this.cliClientBundle),
    ]);
  }

  async stop(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }

  async clientScenarios(): Promise<Scenario[]> {
    const { stdout } = await run(process.execPath, [conformanceBin, 'list']);
    const section = stdout.split('Client scenarios')[1] ?? '';
    return [...section.matchAll(/^\s+- (\S+) \[([^\]]*)\]/gm)].map((m) => ({
      name: m[1] ?? '',
      tags: (m[2] ?? '').split(','),
    }));
  }

  /** Runs one scenario with the client, or with the `caduceus` CLI (`cli`). */
  async runScenario(
    name: string,
    client: 'client' | 'cli' = 'client',
  ): Promise<{ ok: boolean; output: string }> {
    const bundled = client === 'cli' ? this.cliClientBundle : this.clientBundle;
    const args = [conformanceBin, 'client', '--scenario', name, '--expected-failures', expectedFailuresFile];
    args.push('--command', `"${process.execPath}" "${bundled}"`, '-o', join(this.dir, 'results'));
    try {
      const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
      return { ok: true, output: stdout };
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      return { ok: false, output: `${e.stdout ?? ''}\n${e.stderr ?? ''}` };
    }
  }
}

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

/** The last lines of a failed scenario's output, under its name. */
export function failure(name: string, output: string, lines = 25): string {
  return `${name}:\n${output.split('\n').slice(-lines).join('\n')}`;
}
