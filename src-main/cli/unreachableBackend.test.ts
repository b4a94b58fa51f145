/**
 * The built `caduceus` command with a terminal backend it cannot reach: every command must still
 * finish with its normal output, the terminal tools reported unavailable with the reason.
 * Needs `npm run build` first (it runs bin/caduceus.mjs, which loads dist/cli.mjs).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';

let home: string;
let model: ScriptedModel;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-unreachable-'));
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(home, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/caduceus.mjs', ...args],
      { env: { ...process.env, CADUCEUS_HOME: home }, timeout: 60_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function useConfig(terminal: string): Promise<void> {
  await writeFile(join(home, 'config.yaml'), `terminal:\n${terminal}`);
}

function sshConfig(port: number, extra = ''): string {
  const knownHosts = join(home, 'known_hosts');
  return `  backend: ssh\n  ssh:\n    host: 127.0.0.1\n    port: ${port}\n    username: root\n    knownHostsPath: ${knownHosts}\n${extra}`;
}

/** A server that accepts connections and never says a word (a port behind a black hole). */
async function blackhole(listenOn: number | string): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) =>
    typeof listenOn === 'number'
      ? server.listen(listenOn, '127.0.0.1', resolve)
      : server.listen(listenOn, resolve),
  );
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function closedPort(): Promise<number> {
  const { port, stop } = await blackhole(0);
  await stop();
  return port;
}

async function terminalReason(): Promise<string> {
  const run = await cli(['toolsets', '--json']);
  expect(run, run.stderr).toMatchObject({ code: 0 });
  const rows = JSON.parse(run.stdout) as {
    name: string;
    available: boolean;
    unavailable: Record<string, string>;
  }[];
  const terminal = rows.find((row) => row.name === 'terminal');
  expect(terminal?.available).toBe(false);
  return terminal?.unavailable.terminal ?? '';
}

async function expectCallRefused(cause: string): Promise<void> {
  const run = await cli(['call', 'terminal', '--args', '{"command":"echo hi"}']);
  // The result is an error, so the command fails too.
  expect(run, run.stderr).toMatchObject({ code: 1 });
  expect(JSON.parse(run.stdout)).toEqual({
    error: expect.stringMatching(`could not run the command: .*${cause}`),
  });
}

describe('caduceus with an unreachable terminal backend', { timeout: 90_000 }, () => {
  it('ssh to a closed port: toolsets, tools list, call and chat finish and give the reason', async () => {
    const port = await closedPort();
    await useConfig(sshConfig(port));
    const reason = new RegExp(`ssh root@127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`);
    expect(await terminalReason()).toMatch(reason);

    const list = await cli(['tools', 'list', '--json']);
    expect(list.code).toBe(0);
    const names = (JSON.parse(list.stdout) as { function: { name: string } }[]).map((d) => d.function.name);
    expect(names).toContain('todo');
    expect(names).not.toContain('terminal');

    await expectCallRefused('ECONNREFUSED');

    model.reset();
    model.push({ text: 'No shell today.' });
    const chat = await cli(['chat', '-q', 'hello', '--base-url', model.baseUrl, '--model', 'scripted-model']);
    expect(chat).toMatchObject({ code: 0, stdout: 'No shell today.\n' });
    expect(model.toolNames(0)).toContain('todo');
    expect(model.toolNames(0)).not.toContain('terminal');
  });

  it('ssh to a port that never speaks SSH: unavailable after the handshake timeout', async () => {
    const { port, stop } = await blackhole(0);
    try {
      await useConfig(sshConfig(port, '    readyTimeoutSeconds: 1\n'));
      expect(await terminalReason()).toMatch(
        new RegExp(`ssh root@127\\.0\\.0\\.1:${port}: .*[Tt]imed out while waiting for handshake`),
      );
      await expectCallRefused('[Tt]imed out while waiting for handshake');
    } finally {
      await stop();
    }
  });

  it('docker with no engine behind the socket: toolsets and call finish and give the reason', async () => {
    const socketPath = join(home, 'missing-docker.sock');
    await useConfig(`  backend: docker\n  docker:\n    socketPath: ${socketPath}\n`);
    const reason = new RegExp(`no docker engine at ${socketPath}: .*ENOENT`);
    expect(await terminalReason()).toMatch(reason);
    await expectCallRefused('ENOENT');
  });

  it('docker with a socket that never answers: unavailable after the probe timeout', async () => {
    const socketPath = join(home, 'silent-docker.sock');
    const { stop } = await blackhole(socketPath);
    try {
      await useConfig(`  backend: docker\n  docker:\n    socketPath: ${socketPath}\n`);
      expect(await terminalReason()).toMatch(`no answer from a docker engine at ${socketPath} within 10 s`);
    } finally {
      await stop();
    }
  });
});
