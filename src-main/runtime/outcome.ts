import type { GateRefusal } from './execDecision';
import { OUTCOME, type ToolOutcome } from './types';

/** Everything an outcome may say besides success and its text. */
export type OutcomeFacts = Pick<ToolOutcome, 'refusal' | 'exitCode' | 'data' | 'decision' | 'fileDiff'>;

/** Handlers may return anything; the model only ever sees strings. */
export function serialiseResult(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function outcome(ok: boolean, text: string, facts: OutcomeFacts): ToolOutcome {
  const refusal = facts.decision && !facts.decision.allowed ? facts.decision.refusal.kind : facts.refusal;
  return {
    [OUTCOME]: true,
    ok,
    text,
    ...(refusal ? { refusal } : {}),
    ...(facts.decision ? { decision: facts.decision } : {}),
    ...(facts.exitCode !== undefined ? { exitCode: facts.exitCode } : {}),
    ...(facts.data !== undefined ? { data: facts.data } : {}),
    ...(facts.fileDiff ? { fileDiff: facts.fileDiff } : {}),
  };
}

/** A success; the model reads `value` itself when it is a string, else its JSON. */
export function toolOk(value: unknown, facts: Omit<OutcomeFacts, 'data' | 'refusal'> = {}): ToolOutcome {
  return outcome(true, serialiseResult(value), typeof value === 'string' ? facts : { ...facts, data: value });
}

/**
 * The gate's refusal: the model reads `{error, approval: 'blocked' | 'denied', decided_by, …}`,
 * and the outcome carries the decision itself for the ledger's and the cards' readers.
 */
export function toolRefused(refusal: GateRefusal): ToolOutcome {
  const data = {
    error: refusal.message,
    approval: refusal.kind,
    ...(refusal.decidedBy ? { decided_by: refusal.decidedBy } : {}),
    ...(refusal.rule ? { rule: refusal.rule } : {}),
    ...(refusal.reasons?.length ? { reasons: refusal.reasons } : {}),
    ...(refusal.note ? { note: refusal.note } : {}),
  };
  return outcome(false, JSON.stringify(data), { data, decision: { allowed: false, refusal } });
}

/** A failure whose text the caller wrote (see `toolError` for the usual `{"error": …}`). */
export function toolFailure(text: string, facts: OutcomeFacts = {}): ToolOutcome {
  return outcome(false, text, facts);
}

export function isOutcome(value: unknown): value is ToolOutcome {
  return typeof value === 'object' && value !== null && (value as Partial<ToolOutcome>)[OUTCOME] === true;
}

/** What a handler returned, as an outcome: an outcome stays one, any other value is a success. */
export function toOutcome(value: unknown): ToolOutcome {
  return isOutcome(value) ? value : toolOk(value);
}

/** The same outcome with another text for the model (a transform hook's). */
export function withText(result: ToolOutcome, text: string): ToolOutcome {
  return { ...result, text };
}
