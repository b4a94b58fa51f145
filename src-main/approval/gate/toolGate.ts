import { randomUUID } from 'node:crypto';
import {
  backendInfo,
  type BackendIsolation,
  type TerminalBackendKind,
} from '../../../src-shared/backends/registry';
import { OUTSIDE_SANDBOX_WRITE } from '../analysis/rules/workspace';
import type { CommandGate } from './commandGate';
import type { DenialNotes } from './denialNotes';
import type { ApprovalGate } from './gate';
import { denialMessage } from './gate';
import type { GateQuestion, Approver } from './gateTypes';
import { askWithDeadline } from './humanPrompt';

/** How the gate sees a backend's commands: its descriptor's isolation class (an unlisted kind throws). */
export function gateBackendKind(backend: TerminalBackendKind): BackendIsolation {
  return backendInfo(backend).isolation;
}

/**
 * The gate as tools call it: allowed, or the message the model gets and whether it was a hard
 * block. A note the person gave with their "no" goes to the model with the refusal.
 */
export function commandGateFor(
  gate: ApprovalGate,
  backend: TerminalBackendKind,
  notes?: DenialNotes,
): CommandGate {
  const backendKind = gateBackendKind(backend);
  return async ({ onHost, ...check }) => {
    const decision = await gate.check({ ...check, backendKind: onHost ? 'local' : backendKind });
    if (decision.allowed)
      return decision.decidedBy === 'human' && decision.verdict.keys.includes(OUTSIDE_SANDBOX_WRITE)
        ? { allowed: true, outsideSandbox: true, decidedBy: decision.decidedBy }
        : { allowed: true, decidedBy: decision.decidedBy };
    const blocked = decision.decidedBy === 'hardline' || decision.decidedBy === 'deny-rule';
    const note = notes?.take(decision.requestId);
    return {
      allowed: false,
      blocked,
      message: note ? `${denialMessage(decision)} The user said why: "${note}"` : denialMessage(decision),
      ...(note ? { note } : {}),
      decidedBy: decision.decidedBy,
      ...(decision.rule ? { rule: decision.rule } : {}),
      keys: [...decision.verdict.keys],
      reasons: decision.verdict.reasons.slice(0, 5),
    };
  };
}

/**
 * For tools that act on the world without a shell command (a Home Assistant service call):
 * the same person is asked through the same approver, with the same deadline as the gate's
 * (none by default); only an explicit yes allows it.
 */
export function toolApprover(approver: Approver, timeoutSeconds: () => number = () => 0) {
  return async (description: string, signal?: AbortSignal): Promise<boolean> => {
    const seconds = timeoutSeconds();
    const request: GateQuestion = {
      id: randomUUID(),
      command: description,
      sessionId: '',
      taskId: '',
      toolCallId: '',
      verdict: {
        verdict: 'dangerous',
        keys: ['tool-action'],
        reasons: ['a tool wants to act outside this computer'],
        segments: [],
        parsed: false,
      },
      alwaysKeys: [],
      timeoutSeconds: seconds,
      createdAt: Date.now(),
    };
    const answer = await askWithDeadline((s) => approver.request(request, s), seconds, signal);
    return answer === 'once' || answer === 'session' || answer === 'hour' || answer === 'always';
  };
}
