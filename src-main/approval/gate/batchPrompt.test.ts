import { beforeAll, describe, expect, it } from 'vitest';
import { initShellParser } from '../analysis/analyse';
import type { GateQuestion, Approver, ApproverAnswer } from './gateTypes';
import { call, setup } from '../testing/gateFakes';

beforeAll(() => initShellParser());

/** Answers single prompts with 'deny' and batches when the test releases them. */
function batchApprover() {
  const singles: GateQuestion[] = [];
  const batches: GateQuestion[][] = [];
  let release: (answers: ApproverAnswer[]) => void = () => undefined;
  const answered = new Promise<ApproverAnswer[]>((resolve) => (release = resolve));
  const approver: Approver = {
    request: async (req) => {
      singles.push(req);
      return 'deny';
    },
    requestBatch: (reqs) => {
      batches.push(reqs);
      return answered;
    },
  };
  return { approver, singles, batches, release: (a: ApproverAnswer[]) => release(a) };
}

describe('a batch of calls that need a person', () => {
  it('is asked in one prompt; each call takes its own answer; a safe call is not held up', async () => {
    const fake = batchApprover();
    const { gate } = setup({ approver: fake.approver });
    const [rm, echo, chmod, push] = [
      call('rm -r a'),
      call('echo hi'),
      call('chmod 777 f'),
      call('git push --force'),
    ];
    gate.announceBatch([rm, echo, chmod, push]);
    // The safe call passes while the batch prompt is still open.
    expect(await gate.check(echo)).toMatchObject({ allowed: true, decidedBy: 'safe' });
    const first = gate.check(rm);
    await expect.poll(() => fake.batches.length).toBe(1);
    const [batch = []] = fake.batches;
    expect(batch.map((r) => r.command)).toEqual(['rm -r a', 'chmod 777 f', 'git push --force']);
    expect(new Set(batch.map((r) => r.batchId)).size).toBe(1);
    expect(batch[0]?.batchId).toEqual(expect.any(String));
    fake.release(['session', 'deny', 'once']);
    expect(await first).toMatchObject({ allowed: true, decidedBy: 'human', choice: 'session' });
    expect(await gate.check(chmod)).toMatchObject({ allowed: false, choice: 'deny' });
    expect(await gate.check(push)).toMatchObject({ allowed: true, choice: 'once' });
    expect(fake.singles).toHaveLength(0);
    expect(gate.sessionKeys('s1')).toEqual(['rm-recursive']);
  });

  it('asks an ask-every-time call in the sheet despite an allow rule; its answer leaves no grant', async () => {
    const fake = batchApprover();
    const { gate } = setup({ approver: fake.approver }, { allow: ['tee'] });
    const home = { cwd: '/h', workspace: '/h', extraKeys: ['caduceus-home-write'] };
    const [tee, rm] = [call("tee -- '/h/skills/x.md'", home), call('rm -r a')];
    gate.announceBatch([tee, rm]);
    fake.release(['session', 'session']);
    expect(await gate.check(tee)).toMatchObject({ allowed: true, decidedBy: 'human', choice: 'session' });
    expect(await gate.check(rm)).toMatchObject({ allowed: true, decidedBy: 'human', choice: 'session' });
    expect(fake.batches[0]?.map((r) => r.command)).toEqual(["tee -- '/h/skills/x.md'", 'rm -r a']);
    expect(gate.sessionKeys('s1')).toEqual(['rm-recursive']);
    // The next write into $CADUCEUS_HOME asks again (this approver denies single prompts).
    expect(await gate.check({ ...tee, toolCallId: 'again' })).toMatchObject({ allowed: false });
    expect(fake.singles).toHaveLength(1);
  });

  it('a denial in the sheet holds even when a sibling of the same rule was allowed for the session', async () => {
    const fake = batchApprover();
    const { gate } = setup({ approver: fake.approver });
    const [a, b] = [call('rm -r a'), call('rm -r b')];
    gate.announceBatch([a, b]);
    fake.release(['session', 'deny']);
    expect(await gate.check(a)).toMatchObject({ allowed: true });
    expect(await gate.check(b)).toMatchObject({ allowed: false, decidedBy: 'human' });
  });

  it('one call needing a person is asked alone; a changed command is not taken from the batch', async () => {
    const fake = batchApprover();
    const { gate } = setup({ approver: fake.approver });
    const [rm, ls] = [call('rm -r a'), call('ls')];
    gate.announceBatch([rm, ls]);
    expect(await gate.check(rm)).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(fake.singles.map((r) => r.command)).toEqual(['rm -r a']);
    const [x, y] = [call('rm -r x'), call('rm -r y')];
    gate.announceBatch([x, y]);
    fake.release(['once', 'once']);
    expect(await gate.check({ ...x, command: 'rm -r z' })).toMatchObject({ allowed: false });
    expect(fake.singles.map((r) => r.command)).toEqual(['rm -r a', 'rm -r z']);
  });

  it('an unanswered batch times out for every call in it', async () => {
    const fake = batchApprover();
    const { gate } = setup({ approver: fake.approver }, { timeoutSeconds: 0.05 });
    const calls = [call('rm -r a'), call('chmod 777 f')];
    gate.announceBatch(calls);
    for (const c of calls)
      expect(await gate.check(c)).toMatchObject({ allowed: false, decidedBy: 'timeout' });
  });

  it('does not take a batch answer for a call whose own check shows more than the batch question did', async () => {
    const fake = batchApprover();
    const { gate } = setup({ approver: fake.approver });
    const [rm, chmod] = [call('rm -r /elsewhere/victim'), call('chmod 777 f')];
    gate.announceBatch([rm, chmod]);
    // Checked with the sandbox's write roots, rm is also a run outside the sandbox: asked on its own.
    const checked = gate.check({ ...rm, writableRoots: ['/work'] });
    await expect.poll(() => fake.batches.length).toBe(1);
    fake.release(['once', 'once']);
    expect(await checked).toMatchObject({ allowed: false, choice: 'deny' });
    expect(fake.singles.map((r) => r.verdict.keys)).toEqual([['rm-recursive', 'outside-sandbox-write']]);
  });
});
