import { randomUUID } from 'node:crypto';
import type { ApprovalAnswer, ApprovalAsk, ApprovalRecorder, AskHuman } from '../approval/asking';
import type { AgentEventBody } from './events';
import type { SessionStore } from './sessions/store';

export type { ApprovalAnswer, ApprovalAsk, AskHuman } from '../approval/asking';

type Listener = (event: AgentEventBody) => void;

/**
 * Where the approval gate reports questions and answers. Each is stored with its session and
 * shown as an event by the agent running that session; the gate itself stays unaware of both.
 */
export class ApprovalRelay implements ApprovalRecorder {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly store: () => SessionStore) {}

  /** An agent listens for its session while it runs; returns the way to stop. */
  listen(sessionId: string, listener: Listener): () => void {
    const set = this.listeners.get(sessionId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(sessionId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  requested(ask: ApprovalAsk): string {
    const requestId = ask.requestId ?? randomUUID();
    if (this.store().getSession(ask.sessionId)) this.store().recordApprovalRequest({ ...ask, id: requestId });
    this.emit(ask.sessionId, {
      type: 'approval_requested',
      requestId,
      toolCallId: ask.toolCallId,
      command: ask.command,
      reasons: ask.reasons,
    });
    return requestId;
  }

  resolved(sessionId: string, requestId: string, answer: ApprovalAnswer): void {
    this.store().recordApprovalAnswer(requestId, answer.decision, answer.decidedBy);
    this.emit(sessionId, { type: 'approval_resolved', requestId, ...answer });
  }

  /** Wraps whatever asks a human so every question and its answer are recorded and shown. */
  wrap(ask: AskHuman): (request: ApprovalAsk, signal?: AbortSignal) => Promise<ApprovalAnswer> {
    return async (request, signal) => {
      const requestId = this.requested(request);
      let answer: ApprovalAnswer = { decision: 'deny', decidedBy: 'error' };
      try {
        answer = await ask({ ...request, requestId }, signal);
        return answer;
      } finally {
        this.resolved(request.sessionId, requestId, answer);
      }
    };
  }

  private emit(sessionId: string, event: AgentEventBody): void {
    for (const listener of this.listeners.get(sessionId) ?? []) listener(event);
  }
}
