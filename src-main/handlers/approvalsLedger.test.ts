import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Grant, LedgerEntry } from '../../src-shared/approvalsLedger';
import type { ApprovalChoice } from '../../src-shared/ipc/schemas';
import type { AppCore } from '../appCore';
import { useCoreHome } from '../testing/coreHome';

const temp = useCoreHome('caduceus-ledger-handler-');
let core: AppCore;
beforeEach(async () => {
  core = await temp.start();
  // Whatever the windows would answer next, answered as soon as a request is published.
  core.events.subscribe((name, payload) => {
    if (name !== 'approval.requested') return;
    const choice = answers.shift() ?? 'deny';
    asked.push((payload as { command: string }).command);
    queueMicrotask(
      () => void core.invoke('approvals.respond', { id: (payload as { id: string }).id, choice }),
    );
  });
});
afterEach(() => {
  answers = [];
  asked = [];
});

let answers: ApprovalChoice[] = [];
let asked: string[] = [];

const check = (command: string, sessionId = 's') =>
  core.root.gate.check({ command, sessionId, taskId: 't', toolCallId: 'c', backendKind: 'local' });

async function value<T>(reply: Promise<{ ok: boolean; value?: unknown }>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.value as T;
}

describe('approvals.ledger / grants / revoke over the contract', () => {
  it('lists each decision newest first, and a revoked session grant asks again at the next command', async () => {
    answers = ['session', 'deny'];
    expect(await check('rm -r src')).toMatchObject({ allowed: true, decidedBy: 'human' });
    expect(await check('rm -r src')).toMatchObject({ allowed: true, decidedBy: 'session-grant' });
    const grants = await value<Grant[]>(core.invoke('approvals.grants', {}));
    expect(grants).toContainEqual(
      expect.objectContaining({ key: 'session:s:rm-recursive', kind: 'session' }),
    );

    expect(await value(core.invoke('approvals.revoke', { key: 'session:s:rm-recursive' }))).toEqual({
      revoked: 1,
    });
    expect(await check('rm -r src')).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(asked).toEqual(['rm -r src', 'rm -r src']);

    const ledger = await value<LedgerEntry[]>(core.invoke('approvals.ledger', { sessionId: 's' }));
    expect(ledger.map((e) => [e.decidedBy, e.allowed, e.scope])).toEqual([
      ['human', false, null],
      ['session-grant', true, 'session'],
      ['human', true, 'session'],
    ]);
    expect(await value(core.invoke('approvals.ledger', { decidedBy: 'session-grant' }))).toHaveLength(1);
  });

  it('revokes an "always" entry from config.yaml, so the command asks again', async () => {
    answers = ['always', 'deny'];
    await check('git clean -fdx');
    expect(await check('git clean -fdx', 'other')).toMatchObject({ decidedBy: 'allowlist' });
    const grants = await value<Grant[]>(core.invoke('approvals.grants', {}));
    expect(grants.map((g) => g.key)).toContain('always:git-clean');
    expect(await value(core.invoke('approvals.revoke', { key: 'always:git-clean' }))).toEqual({ revoked: 1 });
    const config = parse(await readFile(join(temp.dir, 'config.yaml'), 'utf8')) as {
      command_allowlist: string[];
    };
    expect(config.command_allowlist).toEqual([]);
    expect(await check('git clean -fdx', 'other')).toMatchObject({ allowed: false, decidedBy: 'human' });
  });

  it('revokes a prefix rule by its key', async () => {
    await core.invoke('allowlist.add', { key: 'git push --force origin' });
    expect(await check('git push --force origin main')).toMatchObject({ decidedBy: 'allow-rule' });
    expect(await value(core.invoke('approvals.revoke', { key: 'prefix:git push --force origin' }))).toEqual({
      revoked: 1,
    });
    expect(await check('git push --force origin main')).toMatchObject({ decidedBy: 'human', allowed: false });
  });

  it("keeps a sandbox escalation's session and one-hour grants in the one store: listed and revocable", async () => {
    const escalation = core.root.toolServices.sandboxEscalation;
    if (!escalation) throw new Error('the app root has no sandbox escalation');
    const refusal = {
      kind: 'write',
      path: '/etc/x',
      message: 'The sandbox refused to write /etc/x.',
    } as const;
    const ask = (command: string, sessionId = 's') =>
      escalation.ask({ command, refusal, sessionId, taskId: 't', toolCallId: 'c' });
    answers = ['session', 'hour'];
    expect(await ask('touch /etc/x')).toEqual({ decision: 'outside', decidedBy: 'human' });
    // "Allow for 1 hour" allows, and reaches every session until it ends.
    expect(await ask('make install')).toEqual({ decision: 'outside', decidedBy: 'human' });
    expect(await escalation.runsOutside('make install', 'other')).toBe(true);

    const grants = await value<Grant[]>(core.invoke('approvals.grants', {}));
    expect(grants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'session:s:sandbox-outside:touch', kind: 'session', sessionId: 's' }),
        expect.objectContaining({
          key: 'hour:sandbox-outside:make install',
          kind: 'hour',
          expiresAt: expect.any(Number),
        }),
      ]),
    );
    const ledger = await value<LedgerEntry[]>(core.invoke('approvals.ledger', { sessionId: 's' }));
    expect(ledger.map((e) => [e.subject, e.allowed, e.decidedBy, e.scope])).toEqual([
      ['make install', true, 'human', 'hour'],
      ['touch /etc/x', true, 'human', 'session'],
    ]);

    expect(await escalation.runsOutside('touch /etc/y', 's')).toBe(true);
    for (const key of ['session:s:sandbox-outside:touch', 'hour:sandbox-outside:make install'])
      expect(await value(core.invoke('approvals.revoke', { key }))).toEqual({ revoked: 1 });
    expect(await escalation.runsOutside('touch /etc/y', 's')).toBe(false);
    expect(await escalation.runsOutside('make install', 'other')).toBe(false);
  });
});
