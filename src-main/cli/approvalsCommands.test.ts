import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src-shared/approvalsLedger';
import { SessionStore } from '../agent/sessions/store';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-cli-approvals-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const m = memoryIo({ CADUCEUS_HOME: home }, home);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

describe('caduceus approvals', () => {
  it('logs the decision of a command run from the CLI, filtered by session, as JSON', async () => {
    const denied = await run([
      'call',
      'terminal',
      '--args',
      '{"command":"rm -r no-such-dir"}',
      '--task',
      'cli-t',
    ]);
    expect(denied.stdout).toMatch(/did not consent/);
    await run(['call', 'terminal', '--args', '{"command":"echo hi"}']);
    const log = await run(['approvals', 'log', '--json']);
    expect(log.code).toBe(0);
    const rows = JSON.parse(log.stdout) as LedgerEntry[];
    expect(rows.map((r) => [r.subject, r.allowed, r.decidedBy])).toEqual([
      ['echo hi', true, 'safe'],
      ['rm -r no-such-dir', false, 'unattended'],
    ]);
    const sessionId = rows[1]?.sessionId ?? '';
    const one = JSON.parse(
      (await run(['approvals', 'log', '--session', sessionId, '--json'])).stdout,
    ) as LedgerEntry[];
    expect(one.every((r) => r.sessionId === sessionId)).toBe(true);
    const text = await run(['approvals', 'log']);
    expect(text.stdout).toMatch(/denied +unattended +cli +rm -r no-such-dir +\[rm-recursive\]/);
    const none = await run(['approvals', 'log', '--session', 'no-such-session', '--json']);
    expect(JSON.parse(none.stdout)).toEqual([]);
  });

  it('lists grants with their keys and revokes one so it is no longer in force', async () => {
    await writeFile(join(home, 'config.yaml'), 'command_allowlist: [git-clean]\n');
    const store = SessionStore.open(home);
    store.ledger.add([
      {
        key: 'session:s1:rm-recursive',
        kind: 'session',
        value: 'rm-recursive',
        sessionId: 's1',
        expiresAt: null,
        createdAt: 1,
      },
    ]);
    store.close();
    const listed = await run(['approvals', 'grants']);
    expect(listed.stdout.split('\n')).toEqual(['session:s1:rm-recursive', 'always:git-clean', '']);
    expect(await run(['approvals', 'revoke', 'session:s1:rm-recursive'])).toMatchObject({ code: 0 });
    expect(await run(['approvals', 'revoke', 'always:git-clean'])).toMatchObject({ code: 0 });
    expect((await run(['approvals', 'grants'])).stdout).toBe('');
    const again = await run(['approvals', 'revoke', 'session:s1:rm-recursive']);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/No grant in force/) });
  });
});

describe('caduceus call without a terminal', () => {
  it('ends a command that waits for input, with the reason, instead of waiting for its timeout', async () => {
    const args = JSON.stringify({
      command: 'read -p "Continue? [y/N] " a; echo got-$a',
      pty: true,
      timeout: 300,
    });
    const { stdout } = await run(['call', 'terminal', '--args', args]);
    expect(stdout).toMatch(/waited for input \(\\"Continue\? \[y\/N\]\\"\) and no one here can answer/);
    expect(stdout).not.toContain('got-');
    expect(stdout).not.toMatch(/timed out/);
  }, 60_000);
});
