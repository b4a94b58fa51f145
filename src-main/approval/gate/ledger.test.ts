import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_GRANT_MS, ledgerSubjectText, type LedgerEntry } from '../../../src-shared/approvalsLedger';
import { initShellParser } from '../analysis/analyse';
import type { SmartApprover } from './gateTypes';
import { createMemoryGrantStore } from './grants';
import { createMemoryAllowlistStore } from './memoryAllowlistStore';
import { call, scriptedApprover, setup, silentApprover } from '../testing/gateFakes';

beforeAll(() => initShellParser());

function ledger() {
  const entries: LedgerEntry[] = [];
  return { entries, sink: { record: (e: LedgerEntry) => void entries.push(e) } };
}

describe('the approvals ledger', () => {
  it("records a file tool's write as a write to its path, and asks with the diff", async () => {
    const { entries, sink } = ledger();
    const approver = scriptedApprover('once');
    const { gate } = setup({ ledger: sink, approver });
    const diff = '--- a/etc/hosts\n+++ b/etc/hosts\n@@ -1 +1 @@\n-a\n+b\n';
    await gate.check(call("tee -- '/etc/hosts'", { writesTo: '/etc/hosts', detail: diff }));
    expect(approver.requests[0]).toMatchObject({ writesTo: '/etc/hosts', detail: diff });
    expect(entries[0]).toMatchObject({ subjectKind: 'write', subject: '/etc/hosts', allowed: true });
    expect(ledgerSubjectText(entries[0]!)).toBe('write to /etc/hosts');
  });

  it('records one row per final decision, naming who decided and how far it reaches', async () => {
    const { entries, sink } = ledger();
    const smart: SmartApprover = {
      assess: async (req) => (req.command.includes('-f') ? 'approve' : 'escalate'),
    };
    const approver = scriptedApprover('session', 'hour', 'deny');
    // A clock that moves on every reading, as a real one may between storing a grant and its row.
    let t = 1_000_000;
    const now = () => (t += 1);
    const { gate } = setup(
      { ledger: sink, approver, store: createMemoryAllowlistStore(['git-clean']), now },
      { deny: ['npm publish'], allow: ['git reset'] },
    );
    await gate.check(call('rm -rf /'));
    await gate.check(call('npm publish'));
    await gate.check(call('git reset --hard'));
    await gate.check(call('git clean -fdx'));
    await gate.check(call('ls'));
    await gate.check(call('rm -r src'));
    await gate.check(call('rm -r src'));
    await gate.check(call('chmod 777 x'));
    await gate.check(call('chmod 777 y'));
    await gate.check(call('git stash drop'));
    const smartGate = setup({ ledger: sink, smartApprover: smart }, { mode: 'smart' }).gate;
    await smartGate.check(call('git push -f'));
    const rows = entries.map((e) => [e.subject, e.allowed, e.decidedBy, e.scope]);
    expect(rows).toEqual([
      ['rm -rf /', false, 'hardline', null],
      ['npm publish', false, 'deny-rule', null],
      ['git reset --hard', true, 'allow-rule', 'prefix-rule'],
      ['git clean -fdx', true, 'allowlist', 'always'],
      ['ls', true, 'safe', 'once'],
      ['rm -r src', true, 'human', 'session'],
      ['rm -r src', true, 'session-grant', 'session'],
      ['chmod 777 x', true, 'human', 'hour'],
      ['chmod 777 y', true, 'timed-grant', 'hour'],
      ['git stash drop', false, 'human', null],
      ['git push -f', true, 'smart', 'once'],
    ]);
    const human = entries[5];
    expect(human).toMatchObject({ sessionId: 's1', subjectKind: 'command', keys: ['rm-recursive'] });
    expect(human?.reasons.length).toBeGreaterThan(0);
    const hourRow = entries[7];
    const grantedAt = (hourRow?.expiresAt ?? 0) - HOUR_GRANT_MS;
    expect(grantedAt).toBeGreaterThan(1_000_000);
    expect(grantedAt).toBeLessThanOrEqual(hourRow?.at ?? 0);
    expect(entries[8]?.expiresAt).toBe(hourRow?.expiresAt);
  });

  it('records a prompt nobody answered as a timeout', async () => {
    const { entries, sink } = ledger();
    const { gate } = setup({ ledger: sink, approver: silentApprover() }, { timeoutSeconds: 0.05 });
    await gate.check(call('rm -r src'));
    expect(entries.map((e) => [e.allowed, e.decidedBy])).toEqual([[false, 'timeout']]);
  });

  it('a one-hour grant reaches other sessions and ends when the hour is over', async () => {
    let clock = 1_000_000;
    const approver = scriptedApprover('hour', 'deny');
    const { gate } = setup({ approver, now: () => clock });
    expect(await gate.check(call('rm -r a'))).toMatchObject({
      allowed: true,
      decidedBy: 'human',
      choice: 'hour',
    });
    expect(await gate.check(call('rm -r b', { sessionId: 's2' }))).toMatchObject({
      allowed: true,
      decidedBy: 'timed-grant',
    });
    clock += HOUR_GRANT_MS;
    expect(await gate.check(call('rm -r c'))).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(approver.requests).toHaveLength(2);
  });

  it('revoking a grant in the store makes the very next identical command ask again', async () => {
    const grants = createMemoryGrantStore();
    const approver = scriptedApprover('session', 'deny');
    const { gate } = setup({ approver, grants });
    await gate.check(call('rm -r src'));
    expect(await gate.check(call('rm -r src'))).toMatchObject({ decidedBy: 'session-grant' });
    expect(grants.active(Date.now()).map((g) => g.key)).toEqual(['session:s1:rm-recursive']);
    expect(grants.revoke('session:s1:rm-recursive')).toBe(1);
    expect(await gate.check(call('rm -r src'))).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(approver.requests).toHaveLength(2);
  });

  it('a ledger that throws does not change the decision', async () => {
    const { gate, logger } = setup({
      ledger: {
        record: () => {
          throw new Error('disk full');
        },
      },
    });
    expect(await gate.check(call('ls'))).toMatchObject({ allowed: true });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('disk full'));
  });
});
