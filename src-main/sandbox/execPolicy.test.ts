import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src-shared/approvalsLedger';
import { initShellParser } from '../approval/analysis/analyse';
import { denyApprover } from '../approval/asking';
import { commandGateFor, createMemoryAllowlistStore, type Approver } from '../approval/gate';
import { scriptedApprover, setup } from '../approval/testing/gateFakes';
import type { ExecFence, FenceRefusal } from '../runtime/execDecision';
import { SandboxEscalation } from './escalation';
import { runExec, type AttemptFence, type Attempted } from './execPolicy';

beforeAll(() => initShellParser());

const call = { sessionId: 's1', taskId: 't1', toolCallId: 'c1' };
const OUTSIDE: FenceRefusal = {
  kind: 'write',
  path: '/srv/elsewhere/out.txt',
  message: 'The sandbox refused to write /srv/elsewhere/out.txt.',
};

/** The real gate and the real escalation, each asking its own approver; the ledger they write. */
function policy(gateApprover: Approver, escalationApprover: Approver = gateApprover) {
  const ledger: LedgerEntry[] = [];
  const { gate } = setup({ approver: gateApprover, ledger: { record: (e) => ledger.push(e) } });
  const escalation = new SandboxEscalation({
    approver: escalationApprover,
    store: createMemoryAllowlistStore(),
    ledger: { record: (e) => ledger.push(e) },
  });
  return { deps: { gate: commandGateFor(gate, 'local'), escalation }, ledger };
}

/** An attempt that records the fence it was given; the sandbox refuses (and fails) the first. */
function attempts(refuseFirst?: FenceRefusal) {
  const fences: AttemptFence[] = [];
  const attempt = async (fence: AttemptFence): Promise<Attempted<string>> => {
    fences.push(fence);
    if (refuseFirst && fences.length === 1 && !fence.outsideSandbox)
      return { result: 'refused', fenceRefusal: refuseFirst, failed: true };
    return { result: `ran in ${fence.fence}` };
  };
  return { fences, attempt };
}

const command = (
  words: string,
  fence: ExecFence,
  attempt: (f: AttemptFence) => Promise<Attempted<string>>,
) => ({
  effect: { kind: 'command' as const, words },
  call,
  fence,
  attempt,
});

describe('the execution policy', () => {
  it('runs an allowed effect once in its fence and says who allowed it', async () => {
    const { deps } = policy(scriptedApprover());
    const { fences, attempt } = attempts();
    const run = await runExec(deps, command('ls -la', 'sandbox', attempt));
    expect(run).toEqual({
      decision: { allowed: true, decidedBy: 'safe', fence: 'sandbox' },
      result: 'ran in sandbox',
    });
    expect(fences).toEqual([
      { fence: 'sandbox', outsideSandbox: false, openWrites: false, allowedHosts: [] },
    ]);
  });

  it('never attempts what the gate refused, and the refusal names the rule and who decided', async () => {
    const approver = scriptedApprover('deny');
    const { deps } = policy(approver);
    const { fences, attempt } = attempts();
    const hardline = await runExec(deps, command('rm -rf /', 'sandbox', attempt));
    expect(hardline.decision).toMatchObject({
      allowed: false,
      refusal: { kind: 'blocked', decidedBy: 'hardline', rule: 'rm-root', keys: ['rm-root', 'rm-recursive'] },
    });
    const denied = await runExec(deps, command('chmod -R 777 ./build', 'sandbox', attempt));
    expect(denied.decision).toMatchObject({
      allowed: false,
      refusal: { kind: 'denied', decidedBy: 'human' },
    });
    expect('result' in denied).toBe(false);
    expect(fences).toEqual([]);
    expect(approver.requests).toHaveLength(1);
    // The findings the person was shown are the decision's keys, unchanged.
    const shown = approver.requests[0]?.verdict.keys ?? [];
    expect(shown.length).toBeGreaterThan(0);
    expect(denied.decision).toMatchObject({ refusal: { keys: [...shown] } });
  });

  it('asks a person when the sandbox refused a failed attempt, and a yes retries it outside', async () => {
    const gateApprover = scriptedApprover();
    const person = scriptedApprover('once');
    const { deps, ledger } = policy(gateApprover, person);
    const { fences, attempt } = attempts(OUTSIDE);
    const run = await runExec(deps, command('touch /srv/elsewhere/out.txt', 'sandbox', attempt));
    expect(run).toMatchObject({
      decision: {
        allowed: true,
        fence: 'outside-sandbox',
        fenceRefusal: OUTSIDE,
        escalation: { decision: 'ran-outside', decidedBy: 'human' },
      },
      result: 'ran in outside-sandbox',
    });
    expect(fences.map((f) => f.fence)).toEqual(['sandbox', 'outside-sandbox']);
    expect(person.requests.map((r) => r.command)).toEqual(['touch /srv/elsewhere/out.txt']);
    expect(ledger.at(-1)).toMatchObject({
      subjectKind: 'sandbox-escalation',
      allowed: true,
      decidedBy: 'human',
    });
  });

  it("keeps the refused attempt's result when the person says no", async () => {
    const person = scriptedApprover('deny');
    const { deps } = policy(scriptedApprover(), person);
    const { fences, attempt } = attempts(OUTSIDE);
    const run = await runExec(deps, command('touch /srv/elsewhere/out.txt', 'sandbox', attempt));
    expect(run).toMatchObject({
      decision: {
        allowed: true,
        fence: 'sandbox',
        fenceRefusal: OUTSIDE,
        escalation: {
          decision: 'denied',
          decidedBy: 'human',
          message: expect.stringContaining('Nobody allowed') as unknown,
        },
      },
      result: 'refused',
    });
    expect(fences).toHaveLength(1);
  });

  it('under --approvals deny asks no person: the gate and the escalation both record "unattended"', async () => {
    const { deps, ledger } = policy(denyApprover);
    const { fences, attempt } = attempts(OUTSIDE);
    const refused = await runExec(deps, command('chmod -R 777 ./build', 'sandbox', attempt));
    expect(refused.decision).toMatchObject({
      allowed: false,
      refusal: { kind: 'denied', decidedBy: 'unattended' },
    });
    expect(fences).toEqual([]);
    const run = await runExec(deps, command('touch /srv/elsewhere/out.txt', 'sandbox', attempt));
    expect(run.decision).toMatchObject({
      allowed: true,
      fence: 'sandbox',
      escalation: { decision: 'denied', decidedBy: 'unattended' },
    });
    expect(fences).toHaveLength(1);
    expect(ledger.map((e) => e.decidedBy)).not.toContain('human');
  });

  it('asks nobody about a limit, nor about a refusal outside the OS sandbox', async () => {
    const person = scriptedApprover('once', 'once');
    const { deps } = policy(scriptedApprover(), person);
    const limit: FenceRefusal = { kind: 'limit', limit: 'processes', message: 'Stopped at 512 processes.' };
    const limited = attempts(limit);
    expect((await runExec(deps, command('make -j', 'sandbox', limited.attempt))).decision).toEqual({
      allowed: true,
      decidedBy: 'safe',
      fence: 'sandbox',
      fenceRefusal: limit,
    });
    const confined = attempts(OUTSIDE);
    const write = { kind: 'file-write' as const, words: 'tee -- notes.txt' };
    const run = await runExec(deps, { effect: write, call, fence: 'confined', attempt: confined.attempt });
    expect(run.decision).toMatchObject({ allowed: true, fence: 'confined', fenceRefusal: OUTSIDE });
    expect(limited.fences).toHaveLength(1);
    expect(confined.fences).toEqual([{ fence: 'confined', outsideSandbox: false, allowedHosts: [] }]);
    expect(person.requests).toEqual([]);
  });
});
