/** Helpers shared by the test fixtures: find binaries, free ports, stop servers by PID. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { which } from '../which';

/** The absolute path of `name` on PATH (or in the sbin directories), or undefined. */
export function findBinary(name: string): Promise<string | undefined> {
  return which(name, ['/usr/sbin', '/sbin', '/usr/local/sbin']);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to completion; rejects with its output when it fails. */
export async function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${file} exited ${code}: ${output}`)),
    );
  });
}

/** Sends SIGTERM to one child by PID, then SIGKILL if it is still alive after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
