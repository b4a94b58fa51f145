import { describe, expect, it } from 'vitest';
import type { GateQuestion, Approver } from '../gate/gateTypes';
import { scriptedApprover } from '../testing/gateFakes';
import { modeApprover, type ApproverMode } from './approvers';

const req = { id: 'r1' } as GateQuestion;
const signal = new AbortController().signal;

describe('modeApprover', () => {
  it('answers as the mode says at each question, and says who answered', async () => {
    let mode: ApproverMode | undefined;
    const person: Approver = { ...scriptedApprover('session', 'hour'), requestBatch: async () => ['once'] };
    const approver = modeApprover(() => mode, person);
    expect(approver.unattended).toBe(false);
    expect(await approver.request(req, signal)).toBe('session');
    expect(approver.requestBatch).toBeDefined();

    mode = 'allow';
    expect(approver.unattended).toBe(true);
    expect(await approver.request(req, signal)).toBe('once');
    // Batches only while a person is asked, as an unattended approver alone is never offered them.
    expect(approver.requestBatch).toBeUndefined();

    mode = 'deny';
    expect(await approver.request(req, signal)).toBe('closed');
    mode = 'ask';
    expect(await approver.request(req, signal)).toBe('hour');
  });

  it('refuses as unattended when there is nobody to ask', async () => {
    const approver = modeApprover(() => 'ask', undefined);
    expect(approver.unattended).toBe(true);
    expect(await approver.request(req, signal)).toBe('closed');
  });
});
