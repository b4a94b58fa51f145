import { ledgerSubjectText, WRITE_SUBJECT_KIND } from '../../../src-shared/approvalsLedger';
import { AskPolicySchema, type AskPolicy, type ApprovalRequest } from '../../../src-shared/ipc/schemas';
import type { Decider } from '../../../src-shared/approvalsLedger';
import type { ApprovalBroker } from './broker';
import type { GateQuestion, Approver, ApproverAnswer } from '../gate/gateTypes';
import type { ApprovalRecorder } from './humanAsk';

/** `--approvals` of the CLI and `serve`: ask a person, or answer every prompt with deny or allow. */
export const ApproverModeSchema = AskPolicySchema;
export type ApproverMode = AskPolicy;

/** `--approvals deny`, or no way to ask anyone (no TTY, no window): every prompt is a denial. */
export const denyApprover: Approver = { unattended: true, request: async () => 'closed' };

/** `--approvals allow`: dangerous commands run once each. Hardline commands never reach it. */
export const allowOnceApprover: Approver = { unattended: true, request: async () => 'once' };

/**
 * Answers as `mode()` says at each question: `allow` and `deny` without asking, `ask` through
 * `ask` (a denial when there is nobody to ask). `/approvals` of an interactive chat changes it.
 */
export function modeApprover(mode: () => ApproverMode | undefined, ask: Approver | undefined): Approver {
  const current = (): Approver => {
    const now = mode();
    if (now === 'allow') return allowOnceApprover;
    return now === 'deny' || !ask ? denyApprover : ask;
  };
  return {
    get unattended() {
      return current().unattended === true;
    },
    request: (req, signal) => current().request(req, signal),
    // Batches only while the approver answering now takes them, as with that approver alone.
    get requestBatch() {
      const now = current();
      return now.requestBatch?.bind(now);
    },
  };
}

/** What the session records for an answer: a dismissal denies, or timed out when the prompt was torn down. */
function recorded(answer: ApproverAnswer, signal: AbortSignal, unattended: boolean) {
  const decision =
    answer === 'escape' || answer === 'closed' ? (signal.aborted ? 'timeout' : 'deny') : answer;
  const decidedBy: Decider = unattended ? 'unattended' : 'human';
  return { decision, decidedBy } as const;
}

/** Records each question and answer in its session and shows them to the agent running it. */
/** What the session's record says was asked: a file tool's write by its path, else the command. */
function askedAbout(req: GateQuestion): string {
  return req.writesTo !== undefined
    ? ledgerSubjectText({ subjectKind: WRITE_SUBJECT_KIND, subject: req.writesTo })
    : req.command;
}

export function recordingApprover(inner: Approver, relay: ApprovalRecorder): Approver {
  // Read at each question: who answers may change while the process runs (`modeApprover`).
  const isUnattended = () => inner.unattended === true;
  const recordBatch =
    (innerBatch: NonNullable<Approver['requestBatch']>) =>
    async (reqs: GateQuestion[], signal: AbortSignal): Promise<ApproverAnswer[]> => {
      const ids = reqs.map((req) =>
        relay.requested({
          requestId: req.id,
          sessionId: req.sessionId,
          toolCallId: req.toolCallId,
          command: askedAbout(req),
          reasons: req.verdict.reasons,
        }),
      );
      let answers: ApproverAnswer[] = [];
      try {
        answers = await innerBatch(reqs, signal);
        return answers;
      } finally {
        reqs.forEach((req, i) =>
          relay.resolved(
            req.sessionId,
            ids[i] ?? req.id,
            recorded(answers[i] ?? 'closed', signal, isUnattended()),
          ),
        );
      }
    };
  return {
    get unattended() {
      return isUnattended();
    },
    // Only an approver that can ask about a batch at once is offered batches.
    get requestBatch() {
      const innerBatch = inner.requestBatch?.bind(inner);
      return innerBatch ? recordBatch(innerBatch) : undefined;
    },
    async request(req, signal) {
      let answer: ApproverAnswer = 'closed';
      const ask = relay.wrap(async () => {
        answer = await inner.request(req, signal);
        return recorded(answer, signal, isUnattended());
      });
      await ask(
        {
          requestId: req.id,
          sessionId: req.sessionId,
          toolCallId: req.toolCallId,
          command: askedAbout(req),
          reasons: req.verdict.reasons,
        },
        signal,
      );
      return answer;
    },
  };
}

/** The request as windows show it: the verdict's parts side by side. */
export function toSharedRequest(req: GateQuestion): ApprovalRequest {
  return {
    id: req.id,
    command: req.command,
    sessionId: req.sessionId,
    taskId: req.taskId,
    toolCallId: req.toolCallId,
    verdict: req.verdict.verdict,
    keys: req.verdict.keys,
    reasons: req.verdict.reasons,
    segments: req.verdict.segments.map(({ text, start, end, keys }) => ({ text, start, end, keys })),
    alwaysKeys: req.alwaysKeys,
    createdAt: req.createdAt,
    ...(req.batchId ? { batchId: req.batchId } : {}),
    ...(req.subjectKind ? { subjectKind: req.subjectKind } : {}),
    ...(req.detail !== undefined ? { detail: req.detail } : {}),
    ...(req.writesTo !== undefined ? { writesTo: req.writesTo } : {}),
  };
}

/** Asks through the app's windows (and the native dialog in Electron). */
export function brokerApprover(broker: ApprovalBroker): Approver {
  return {
    request: (req, signal) => broker.ask(toSharedRequest(req), signal),
    requestBatch: (reqs, signal) => broker.askBatch(reqs.map(toSharedRequest), signal),
  };
}
