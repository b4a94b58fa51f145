import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { denyApprover } from '../asking';
import { initShellParser } from '../analysis/analyse';
import type { GateQuestion, Approver, ApproverAnswer } from './gateTypes';
import { approvalDeadlineMs } from './humanPrompt';
import { ApprovalSettingsSchema } from './settings';
import { toolApprover } from './toolGate';
import { call, setup } from '../testing/gateFakes';
import { ApprovalsBlockSchema } from '../../../src-shared/ipc/schemas';
import { SandboxEscalation } from '../../sandbox/escalation';
import { createMemoryAllowlistStore } from './memoryAllowlistStore';

beforeAll(() => initShellParser());
afterEach(() => vi.useRealTimers());

const DAY_MS = 24 * 3600 * 1000;

/** A person who answers when the test says so. */
function heldApprover(): Approver & { answer(a: ApproverAnswer): void; signals: AbortSignal[] } {
  const waiting: Array<(a: ApproverAnswer) => void> = [];
  const signals: AbortSignal[] = [];
  return {
    signals,
    request: (_req: GateQuestion, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<ApproverAnswer>((resolve) => waiting.push(resolve));
    },
    answer: (a) => waiting.shift()?.(a),
  };
}

describe('approvals.timeout_seconds', () => {
  it('defaults to 0, which the config schemas accept and which means no deadline', () => {
    expect(ApprovalsBlockSchema.parse({}).timeout_seconds).toBe(0);
    expect(ApprovalSettingsSchema.parse({}).timeoutSeconds).toBe(0);
    expect(approvalDeadlineMs(0)).toBeNull();
    expect(approvalDeadlineMs(30)).toBe(30_000);
  });

  it('the gate waits a day for a person and takes the answer given then', async () => {
    vi.useFakeTimers();
    const approver = heldApprover();
    const { gate } = setup({ approver });
    let settled = false;
    const pending = gate.check(call('git reset --hard')).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(settled).toBe(false);
    expect(approver.signals[0]?.aborted).toBe(false);
    approver.answer('once');
    expect(await pending).toMatchObject({ allowed: true, decidedBy: 'human' });
  });

  it('a tool action waits for the person too, and a positive setting still times it out', async () => {
    vi.useFakeTimers();
    const approver = heldApprover();
    let seconds = 0;
    const approve = toolApprover(approver, () => seconds);
    let settled = false;
    const waiting = approve('turn on the heater').finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(settled).toBe(false);
    approver.answer('once');
    expect(await waiting).toBe(true);

    seconds = 30;
    const timed = approve('turn on the heater');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await timed).toBe(false);
    expect(approver.signals[1]?.aborted).toBe(true);
  });

  it('leaving the sandbox waits for the person; a positive setting records a timeout', async () => {
    vi.useFakeTimers();
    const approver = heldApprover();
    let seconds = 0;
    const escalation = new SandboxEscalation({
      approver,
      store: createMemoryAllowlistStore(),
      timeoutSeconds: () => seconds,
    });
    const refusal = {
      kind: 'write',
      path: '/etc/x',
      message: 'The sandbox refused to write /etc/x.',
    } as const;
    const request = { command: 'touch /etc/x', refusal, sessionId: 's', taskId: 't', toolCallId: 'c' };
    let settled = false;
    const waiting = escalation.ask(request).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(settled).toBe(false);
    approver.answer('once');
    expect(await waiting).toEqual({ decision: 'outside', decidedBy: 'human' });

    seconds = 30;
    const timed = escalation.ask(request);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await timed).toMatchObject({ decision: 'denied', decidedBy: 'timeout' });
  });

  it('an unattended run refuses at once, with no deadline to wait out', async () => {
    vi.useFakeTimers();
    const { gate } = setup({ approver: denyApprover });
    expect(await gate.check(call('git reset --hard'))).toMatchObject({
      allowed: false,
      decidedBy: 'unattended',
    });
  });
});
