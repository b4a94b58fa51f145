/** What the gate receives, asks and answers; schemas where data crosses to a UI or a log. */
import { z } from 'zod';
import type { BackendIsolation } from '../../../src-shared/backends/registry';
import { DeciderSchema } from '../../../src-shared/approvalsLedger';
import { ApprovalChoiceSchema, ApprovalQuestionSchema } from '../../../src-shared/ipc/schemas';
import { VerdictSchema } from '../analysis/verdict';
import type { Verdict } from '../analysis/verdict';
import type { SandboxReach } from './commandGate';

// The choices are the same ones the windows offer.
export { ApprovalChoiceSchema };

/** What an approver may answer: a choice, or the prompt was escaped or closed (both deny). */
export const ApproverAnswerSchema = z.union([ApprovalChoiceSchema, z.enum(['escape', 'closed'])]);
export type ApproverAnswer = z.infer<typeof ApproverAnswerSchema>;

/** An approval question as the gate asks it: the shared fields, its whole verdict and its timeout. */
export const GateQuestionSchema = ApprovalQuestionSchema.extend({
  verdict: VerdictSchema,
  /** Seconds until an unanswered prompt counts as a denial. */
  timeoutSeconds: z.number(),
});
export type GateQuestion = z.infer<typeof GateQuestionSchema>;

export const GateDecisionSchema = z.object({
  allowed: z.boolean(),
  /** Who decided, in the one vocabulary the ledger and the cards share. */
  decidedBy: DeciderSchema,
  /** Where the deciding rule lives, so a UI can explain and revoke it. */
  source: z.enum(['built-in', 'config.yaml', 'session', 'model', 'user']),
  /** The deny/allow rule, or the allowlisted keys, that decided. */
  rule: z.string().optional(),
  choice: ApproverAnswerSchema.optional(),
  requestId: z.string().optional(),
  /** When the grant that allowed it ends ("for 1 hour"). */
  expiresAt: z.number().optional(),
  verdict: VerdictSchema,
  message: z.string(),
});
export type GateDecision = z.infer<typeof GateDecisionSchema>;

export interface GateCheck {
  command: string;
  sessionId: string;
  taskId: string;
  toolCallId: string;
  /** How the backend the command runs on is isolated (its descriptor's `isolation`). */
  backendKind: BackendIsolation;
  /** Rule keys the caller found itself (a file write outside the workspace), added to the analysis. */
  extraKeys?: readonly string[];
  /** What the extra keys are about (the file a read opens), added to their reasons. */
  extraDetail?: string;
  /** Aborted when the turn is cancelled; a pending prompt then counts as closed. */
  signal?: AbortSignal;
  /** The task's working directory, when the caller knows it. */
  cwd?: string;
  /** The session's workspace; defaults to `cwd`. Changes outside it are asked about. */
  workspace?: string;
  /** Set when `command` is text written to the stdin of a running process with this command line. */
  stdinOf?: string;
  /** Not a shell command ('skill', 'memory'): `command` is words, judged by `extraKeys` alone. */
  subjectKind?: string;
  /** Shown with the question: the content written, a diff, what is deleted. */
  detail?: string;
  /** The file a write tool writes; `command` is then the `tee -- path` it is judged as. */
  writesTo?: string;
  /**
   * The sandbox's write roots, when the command would run sandboxed: a command the reading shows
   * changing files outside them is asked about once, as a run outside the sandbox.
   */
  writableRoots?: readonly string[];
  /** Set when the command would run in the OS sandbox: what it confines it to (auto mode reads it). */
  sandboxed?: SandboxReach;
}

/** Puts one request to a human: native dialog, in-app dialog, TTY. */
export interface Approver {
  /** Answers without asking a person (`--approvals deny|allow`, nobody to ask): decided `unattended`. */
  readonly unattended?: boolean;
  request(req: GateQuestion, signal: AbortSignal): Promise<ApproverAnswer>;
  /** Asks about several commands at once (one sheet, one dialog); one answer per request, in order. */
  requestBatch?(reqs: GateQuestion[], signal: AbortSignal): Promise<ApproverAnswer[]>;
}

/** config.yaml `command_allowlist`; `add` must be atomic and lose nothing under concurrency. */
export interface AllowlistStore {
  list(): Promise<string[]>;
  add(keys: string[]): Promise<void>;
}

export type SmartAnswer = 'approve' | 'deny' | 'escalate';

/** An auxiliary model judging one command; never shown a hardline one. */
export interface SmartApprover {
  assess(
    req: { command: string; verdict: Verdict; sessionId: string; taskId: string; toolCallId: string },
    signal: AbortSignal,
  ): Promise<SmartAnswer>;
}

export type ApprovalHookName = 'pre_approval_request' | 'post_approval_response';

export interface ApprovalHooks {
  fire(name: ApprovalHookName, payload: Record<string, unknown>): unknown;
}
