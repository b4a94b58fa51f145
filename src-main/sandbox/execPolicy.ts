/**
 * The one sequence every tool with a side effect passes: decide (the approval gate), choose the
 * fence, attempt, and when the OS sandbox refused the attempt, ask a person (the sandbox's
 * escalation) and retry outside it or with the host allowed. The tool describes its effect and
 * passes the attempt; it gets back a typed `ExecDecision` with its result, and nothing
 * downstream reads a refusal out of text.
 */
import type { CommandCheck, CommandGate } from '../approval/gate';
import type { ExecDecision, ExecFence, FenceRefusal } from '../runtime/execDecision';
import type { SandboxEscalation } from './escalation';

/**
 * What a tool is about to do. `words` is what the gate reads: the command itself, or the shell
 * command that would have the same effect (`tee -- path` for a write, `cat -- path` for a read,
 * `curl -- url` for a fetch), or, for persistent state, what happens in words.
 */
export type Effect =
  | { kind: 'command'; words: string }
  | { kind: 'file-read' | 'file-write'; words: string }
  | { kind: 'network'; words: string }
  /** A change to what later sessions are told: `subjectKind` is 'skill' or 'memory'. */
  | { kind: 'persistent'; words: string; subjectKind: string };

/** The call the effect belongs to. */
export interface ExecCall {
  sessionId: string;
  taskId: string;
  toolCallId: string;
  signal?: AbortSignal;
}

/** How an attempt is to run: let out of the sandbox, or with hosts a person allowed. */
export interface AttemptFence {
  fence: ExecFence;
  outsideSandbox: boolean;
  /** A remembered yes given for a refused write: writes are open, reads stay fenced. */
  openWrites?: boolean;
  allowedHosts: string[];
}

export interface Attempted<T> {
  result: T;
  /** What the fence refused, as a value. */
  fenceRefusal?: FenceRefusal;
  /** The attempt failed (a command's non-zero exit): only then is a person asked to let it out. */
  failed?: boolean;
}

/** The gate's extra facts about the effect (its extra keys, workspace, write roots, …). */
export type EffectCheck = Omit<
  CommandCheck,
  'command' | 'sessionId' | 'taskId' | 'toolCallId' | 'signal' | 'subjectKind' | 'onHost'
>;

export interface ExecRequest<T> {
  effect: Effect;
  check?: EffectCheck;
  call: ExecCall;
  /**
   * The fence the attempt runs in. Only 'sandbox' may refuse and be escalated; the others are
   * recorded as they are (in-process confinement refuses by failing the attempt).
   */
  fence: ExecFence;
  /** What a person is asked to let out and what an "always" remembers; the effect's words by default. */
  escalationSubject?: string;
  attempt(fence: AttemptFence): Promise<Attempted<T>>;
}

export interface ExecPolicyDeps {
  gate: CommandGate;
  escalation?: Pick<SandboxEscalation, 'ask' | 'runsOutside' | 'allowedHosts'> | undefined;
}

export type Refused = Extract<ExecDecision, { allowed: false }>;
export type Allowed = Extract<ExecDecision, { allowed: true }>;
export type ExecRun<T> = { decision: Refused } | { decision: Allowed; result: T };

/** Asks the gate only: the refusal, or who allowed it and whether it was let out of the sandbox. */
export async function decide(
  gate: CommandGate,
  effect: Effect,
  call: ExecCall,
  check: EffectCheck = {},
): Promise<Refused | (Allowed & { outsideSandbox: boolean })> {
  const decision = await gate({
    ...check,
    command: effect.words,
    sessionId: call.sessionId,
    taskId: call.taskId,
    toolCallId: call.toolCallId,
    signal: call.signal,
    // A fetch is made from this process, on this machine, whatever the task's backend.
    ...(effect.kind === 'network' ? { onHost: true } : {}),
    ...(effect.kind === 'persistent' ? { subjectKind: effect.subjectKind } : {}),
  });
  if (decision.allowed)
    return {
      allowed: true,
      fence: 'none',
      outsideSandbox: decision.outsideSandbox === true,
      ...(decision.decidedBy ? { decidedBy: decision.decidedBy } : {}),
    };
  return {
    allowed: false,
    refusal: {
      kind: decision.blocked ? 'blocked' : 'denied',
      message: decision.message,
      ...(decision.decidedBy ? { decidedBy: decision.decidedBy } : {}),
      ...(decision.rule ? { rule: decision.rule } : {}),
      ...(decision.keys?.length ? { keys: decision.keys } : {}),
      ...(decision.reasons?.length ? { reasons: decision.reasons } : {}),
      ...(decision.note ? { note: decision.note } : {}),
    },
  };
}

/** The gate's yes, and whether its question already let the effect out of the sandbox. */
export type Gated = Allowed & { outsideSandbox: boolean };

/** An allowed effect's attempt: what `attemptFenced` needs once the gate has said yes. */
export type FencedAttempt<T> = Pick<ExecRequest<T>, 'call' | 'fence' | 'attempt'> & {
  /** What a person is asked to let out, and what an "always" remembers. */
  subject: string;
};

/** Runs one side effect through the gate, its fence and, when the sandbox refused it, a person. */
export async function runExec<T>(deps: ExecPolicyDeps, request: ExecRequest<T>): Promise<ExecRun<T>> {
  const decided = await decide(deps.gate, request.effect, request.call, request.check);
  if (!decided.allowed) return { decision: decided };
  return attemptFenced(deps.escalation, decided, {
    call: request.call,
    fence: request.fence,
    subject: request.escalationSubject ?? request.effect.words,
    attempt: request.attempt,
  });
}

/**
 * The steps after the gate's yes, for a tool that prepares between the two (execute_code writes
 * its script): attempt in the fence, and on the sandbox's refusal of a failed attempt ask a
 * person, then retry outside or with the host allowed.
 */
export async function attemptFenced<T>(
  escalation: ExecPolicyDeps['escalation'],
  decided: Gated,
  request: FencedAttempt<T>,
): Promise<{ decision: Allowed; result: T }> {
  const { call, subject } = request;
  const { outsideSandbox, ...allowed } = decided;
  const gated: Allowed = { ...allowed, fence: request.fence };
  // Not sandboxed, or already let out by the gate's question: one attempt, nothing more to ask.
  if (request.fence !== 'sandbox' || outsideSandbox || !escalation) {
    const letOut = request.fence === 'sandbox' && outsideSandbox;
    const fence: AttemptFence = {
      fence: letOut ? 'outside-sandbox' : request.fence,
      outsideSandbox: letOut,
      allowedHosts: [],
    };
    const first = await request.attempt(fence);
    return { decision: settled(gated, fence, letOut ? undefined : first.fenceRefusal), result: first.result };
  }
  const allowedHosts = await escalation.allowedHosts(call.sessionId);
  const openWrites = await escalation.runsOutside(subject, call.sessionId);
  const fence: AttemptFence = { fence: 'sandbox', outsideSandbox: false, openWrites, allowedHosts };
  const first = await request.attempt(fence);
  const refusal = first.fenceRefusal;
  // A limit is no question of trust (running outside would only lift it), and an attempt that
  // still succeeded, or was stopped, is only told: a person is asked when it failed.
  if (!refusal || refusal.kind === 'limit' || !first.failed || call.signal?.aborted)
    return { decision: settled(gated, fence, refusal), result: first.result };
  const answer = await escalation.ask({
    command: subject,
    refusal,
    sessionId: call.sessionId,
    taskId: call.taskId,
    toolCallId: call.toolCallId,
    ...(call.signal ? { signal: call.signal } : {}),
  });
  const decidedBy = answer.decidedBy ? { decidedBy: answer.decidedBy } : {};
  if (answer.decision === 'denied')
    return {
      decision: {
        ...settled(gated, fence, refusal),
        escalation: { decision: 'denied', message: answer.message, ...decidedBy },
      },
      result: first.result,
    };
  const retry: AttemptFence =
    answer.decision === 'outside'
      ? { fence: 'outside-sandbox', outsideSandbox: true, allowedHosts }
      : { fence: 'sandbox', outsideSandbox: false, openWrites, allowedHosts: [...allowedHosts, answer.host] };
  const again = await request.attempt(retry);
  return {
    decision: {
      ...settled(gated, retry, refusal),
      escalation: { decision: answer.decision === 'outside' ? 'ran-outside' : 'host-allowed', ...decidedBy },
    },
    result: again.result,
  };
}

function settled(gated: Allowed, fence: AttemptFence, refusal: FenceRefusal | undefined): Allowed {
  return { ...gated, fence: fence.fence, ...(refusal ? { fenceRefusal: refusal } : {}) };
}
