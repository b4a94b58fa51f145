/**
 * The conformance client as the CLI is used day to day: `caduceus mcp login <server>` once,
 * then `caduceus call` of each tool, each command a fresh composition root whose servers were
 * connected at start-up with no sign-in under way. A server that asks for a wider scope during
 * a call (403 insufficient_scope) must get a second authorization request from that call.
 * $BROWSER plays the person who approves: it follows the authorization page to the redirect.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { stringify } from 'yaml';
import type { Io } from '../src-main/cli/args';
import { main } from '../src-main/cli/main';
import type { JsonSchema } from '../src-main/runtime/types';
import { sampleArgs } from './conformanceSampleArgs';

const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const SERVER = 'conformance';

const FOLLOW_REDIRECTS = `const r = await fetch(process.argv[2]);
await r.body?.cancel();
if (!r.url.startsWith('http://127.0.0.1:')) process.exit(1);
`;

/** Runs one `caduceus` command as from a terminal (a TTY on stdin); returns code and stdout. */
async function caduceus(argv: string[], env: NodeJS.ProcessEnv, cwd: string, input = '') {
  const stdout = new PassThrough();
  const out: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  const stderr = new PassThrough();
  stderr.pipe(process.stderr);
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  stdin.end(input);
  const io: Io = { stdout, stderr, stdin, env, cwd };
  const code = await main(argv, io);
  process.stderr.write(`caduceus ${argv.join(' ')} -> ${code}\n${out.join('')}\n`);
  return { code, stdout: out.join('') };
}

async function run(url: string): Promise<void> {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
  const clientId = typeof context.client_id === 'string' ? context.client_id : undefined;
  const secret = typeof context.client_secret === 'string' ? context.client_secret : undefined;
  const home = await mkdtemp(join(tmpdir(), 'caduceus-conformance-cli-'));
  try {
    const oauth = { client_metadata_url: CLIENT_METADATA_URL, ...(clientId ? { client_id: clientId } : {}) };
    await writeFile(join(home, 'config.yaml'), stringify({ mcp_servers: { [SERVER]: { url, oauth } } }));
    const browser = join(home, 'browser.mjs');
    await writeFile(browser, FOLLOW_REDIRECTS);
    await chmod(browser, 0o755);
    const env = { ...process.env, CADUCEUS_HOME: home, BROWSER: `${process.execPath} ${browser}` };

    const login = ['mcp', 'login', SERVER, ...(secret ? ['--client-secret-stdin'] : [])];
    if ((await caduceus(login, env, home, secret)).code !== 0) throw new Error('mcp login failed');
    const listed = await caduceus(['tools', 'list', '--toolsets', `mcp-${SERVER}`, '--json'], env, home);
    const defs = JSON.parse(listed.stdout) as { function: { name: string; parameters?: JsonSchema } }[];
    for (const def of defs) {
      const args = JSON.stringify(sampleArgs(def.function.parameters));
      const called = await caduceus(['call', def.function.name, '--args', args], env, home);
      if (called.code !== 0) throw new Error(`caduceus call ${def.function.name} failed`);
    }
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: mcpConformanceCliClient <server-url>\n');
  process.exit(2);
}
run(url).then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`conformance CLI client failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
