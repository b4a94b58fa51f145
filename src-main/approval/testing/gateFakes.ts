/** Fakes and a harness for gate tests: approvers that answer from a script or never answer. */
import { vi } from 'vitest';
import { createApprovalGate } from '../gate/gate';
import type { ApprovalGateDeps } from '../gate/gate';
import type { ApprovalHooks, GateQuestion, Approver, ApproverAnswer, GateCheck } from '../gate/gateTypes';
import { createMemoryAllowlistStore } from '../gate/memoryAllowlistStore';
import type { ApprovalSettings } from '../gate/settings';
import { ApprovalSettingsSchema } from '../gate/settings';

/** Answers prompts from a script; records what it was asked. */
export function scriptedApprover(...answers: ApproverAnswer[]): Approver & { requests: GateQuestion[] } {
  const requests: GateQuestion[] = [];
  return {
    requests,
    request: (req) => {
      requests.push(req);
      return Promise.resolve(answers.shift() ?? 'deny');
    },
  };
}

/** Never answers; resolves 'closed' only when aborted, like a dialog that was torn down. */
export function silentApprover(): Approver & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    signals,
    request: (_req, signal) => {
      signals.push(signal);
      return new Promise(() => undefined);
    },
  };
}

export function setup(overrides: Partial<ApprovalGateDeps> = {}, settings: Partial<ApprovalSettings> = {}) {
  const approver = overrides.approver ?? scriptedApprover();
  const store = overrides.store ?? createMemoryAllowlistStore();
  const fired: Array<{ name: string; payload: Record<string, unknown> }> = [];
  const hooks: ApprovalHooks = { fire: (name, payload) => fired.push({ name, payload }) };
  const logger = { warn: vi.fn(), error: vi.fn() };
  const gate = createApprovalGate({
    approver,
    store,
    getSettings: () => ApprovalSettingsSchema.parse(settings),
    hooks,
    logger,
    ...overrides,
  });
  return { gate, approver, store, fired, logger };
}

let n = 0;
export function call(command: string, extra: Partial<GateCheck> = {}): GateCheck {
  n++;
  return { command, sessionId: 's1', taskId: 't1', toolCallId: `call-${n}`, backendKind: 'local', ...extra };
}
