import type { Verdict } from '../analysis/verdict';
import type { GateQuestion, ApproverAnswer, GateCheck } from './gateTypes';

/** A call's answer from a batch prompt, with the request it was asked as. */
export interface BatchedAnswer {
  req: GateQuestion;
  answer: ApproverAnswer | 'timeout';
}

interface Announced {
  command: string;
  /** null when the call is not part of a batch prompt (it needs no person, or was alone). */
  answer: Promise<BatchedAnswer | null>;
}

/**
 * Calls of one batch announced before they run, per session. Each call takes its own entry
 * once, and only for the exact command announced; a newer batch replaces an older one.
 */
export class AnnouncedCalls {
  private readonly bySession = new Map<string, Map<string, Announced>>();

  set(sessionId: string, calls: Map<string, Announced>): void {
    this.bySession.set(sessionId, calls);
  }

  take(input: GateCheck): Promise<BatchedAnswer | null> {
    const calls = this.bySession.get(input.sessionId);
    const entry = calls?.get(input.toolCallId);
    if (!calls || !entry || entry.command !== input.command) return Promise.resolve(null);
    calls.delete(input.toolCallId);
    if (calls.size === 0) this.bySession.delete(input.sessionId);
    return entry.answer;
  }
}

/** One answer per request from a batch approver; anything missing or a dismissal denies. */
export function answerAt(
  answers: ApproverAnswer[] | 'timeout' | 'closed',
  index: number,
): ApproverAnswer | 'timeout' {
  return typeof answers === 'string' ? answers : (answers[index] ?? 'closed');
}

/** A batch answer counts only for what its question showed: a call whose check found more is asked again. */
export function shown(batched: BatchedAnswer | null, verdict: Verdict): BatchedAnswer | null {
  return batched && verdict.keys.every((k) => batched.req.verdict.keys.includes(k)) ? batched : null;
}
