import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { alive } from '../src-main/terminal/testing/procs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function gone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

test('a runner that exits without stopping its caduceus serve does not leave it running', async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-outlive-'));
  const script = join(dir, 'runner.mts');
  await writeFile(
    script,
    `import { startServe } from ${JSON.stringify(join(ROOT, 'e2e/support/serve.ts'))};
const served = await startServe({ home: ${JSON.stringify(join(dir, 'home'))}, cwd: ${JSON.stringify(dir)} });
console.log(JSON.stringify({ pid: served.pid }));
process.exit(0);
`,
  );
  const runner = spawn(TSX, [script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  runner.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  runner.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const code = await new Promise<number | null>((resolve) => runner.once('exit', resolve));
  expect(code, err).toBe(0);
  const { pid } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { pid: number };
  expect(pid).toBeGreaterThan(0);
  const stopped = await gone(pid, 15_000);
  if (!stopped) process.kill(pid, 'SIGKILL');
  expect(stopped).toBe(true);
}, 60_000);
