/**
 * A question put to a human about one command, and the answer. Declared here, below the agent,
 * so approvers can record questions through the agent's relay without importing the agent.
 */
import type { ApprovalDecision } from '../../../src-shared/agentEvents';
import type { Decider } from '../../../src-shared/approvalsLedger';

export interface ApprovalAsk {
  requestId?: string;
  sessionId: string;
  toolCallId?: string;
  command: string;
  reasons: string[];
}

export interface ApprovalAnswer {
  decision: ApprovalDecision;
  /** `human` when a person answered, `unattended` when the run answered for nobody. */
  decidedBy: Decider;
}

/** Whatever puts the question to a human: a TTY prompt, a dialog, the chat. */
export type AskHuman = (
  ask: ApprovalAsk & { requestId: string },
  signal?: AbortSignal,
) => Promise<ApprovalAnswer>;

/** Records each question and its answer (the agent's ApprovalRelay). */
export interface ApprovalRecorder {
  /** Records a question on its own (a batch asks several at once); returns its request id. */
  requested(ask: ApprovalAsk): string;
  resolved(sessionId: string, requestId: string, answer: ApprovalAnswer): void;
  wrap(ask: AskHuman): (request: ApprovalAsk, signal?: AbortSignal) => Promise<ApprovalAnswer>;
}
