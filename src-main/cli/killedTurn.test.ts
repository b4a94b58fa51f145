/**
 * A `caduceus chat` killed with SIGKILL during a command leaves its call `running` in the shared
 * database; the next process to open it marks the call interrupted and the session goes on.
 * Needs `npm run build` first (it runs bin/caduceus.mjs, which loads dist/cli.mjs).
 */
import { execFile, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { openSessionsDb, sessionsDbPath } from '../agent/sessions/db';

let home: string;
/** The CLI's temp directory: a process killed with SIGKILL cannot remove the folders it made there. */
let temp: string;
let model: ScriptedModel;
/** A duration no other process on the machine sleeps, so the test can find its own sleep. */
const SLEEP = `300.${randomInt(100_000, 999_999)}`;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-killed-'));
  temp = await mkdtemp(join(tmpdir(), 'caduceus-killed-tmp-'));
  model = await ScriptedModel.start();
});
afterAll(async () => {
  for (const pid of sleepers()) process.kill(pid, 'SIGKILL');
  await model.close();
  await rm(home, { recursive: true, force: true });
  await rm(temp, { recursive: true, force: true });
});

/** Processes running this test's `sleep`: a killed CLI leaves its command behind. */
function sleepers(): number[] {
  return readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      return argv[0]?.endsWith('sleep') && argv.includes(SLEEP) ? [Number(name)] : [];
    } catch {
      return [];
    }
  });
}

const env = () => ({ ...process.env, CADUCEUS_HOME: home, TMPDIR: temp });
const flags = () => ['--base-url', model.baseUrl, '--model', 'scripted-model'];

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/caduceus.mjs', ...args],
      { env: env(), timeout: 60_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The running call, once the CLI has recorded it. */
async function runningCall(): Promise<{ session_id: string; call_id: string; owner: string | null }> {
  for (;;) {
    const db = openSessionsDb(sessionsDbPath(home));
    try {
      const row = db
        .prepare(`SELECT session_id, call_id, owner FROM tool_calls WHERE status = 'running'`)
        .get() as { session_id: string; call_id: string; owner: string | null } | undefined;
      if (row && sleepers().length > 0) return row;
    } catch {
      // The CLI may not have created the tables yet.
    } finally {
      db.close();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a turn whose process was killed', () => {
  it('is marked interrupted at the next start, and the session goes on', async () => {
    model.push({
      toolCalls: [{ id: 'c-sleep', name: 'terminal', arguments: { command: `sleep ${SLEEP}` } }],
    });
    const child = spawn(process.execPath, ['bin/caduceus.mjs', 'chat', '-q', 'wait a while', ...flags()], {
      env: env(),
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const running = await runningCall();
    expect(running.owner).toMatch(new RegExp(`^${child.pid}:`));

    // While the CLI lives, another process leaves its call alone.
    const during = await cli(['sessions', 'show', running.session_id, '--json']);
    expect(JSON.parse(during.stdout).toolCalls).toEqual([
      expect.objectContaining({ id: 'c-sleep', status: 'running' }),
    ]);

    child.kill('SIGKILL');
    await exited;

    const after = await cli(['sessions', 'show', running.session_id, '--json']);
    expect(JSON.parse(after.stdout).toolCalls).toEqual([
      expect.objectContaining({
        id: 'c-sleep',
        status: 'interrupted',
        result: expect.stringMatching(/Interrupted/),
      }),
    ]);
    const text = await cli(['sessions', 'show', running.session_id]);
    expect(text.stdout).not.toMatch(/Running/);

    model.push({ text: 'Carrying on.' });
    const next = await cli(['chat', '-q', 'go on', '--session', running.session_id, ...flags()]);
    expect(next.stdout).toBe('Carrying on.\n');
    const sent = model.requests.at(-1)?.body.messages ?? [];
    expect(sent.find((m) => m.role === 'tool' && m.tool_call_id === 'c-sleep')?.content).toMatch(
      /Interrupted/,
    );
  }, 120_000);
});
