/**
 * What the execution policy decided about one side effect of a tool (sandbox/execPolicy.ts): the
 * gate's decision and who made it, the fence the attempt ran in, what that fence refused, and what
 * a person answered about running it outside. Declared here, the lowest layer, so the tools, the
 * outcome they return and the agent that records and shows it all share one type.
 */
import type { Decider } from '../../src-shared/approvalsLedger';
import type { RefusalFacts } from '../../src-shared/toolCalls';

/**
 * Where the attempt ran: the OS sandbox; confined I/O in this process (no link followed, the
 * read and egress policies); outside the sandbox after a person's yes; a docker, ssh or hosted
 * backend's own machine; or no fence at all (sandbox off, nothing to confine).
 */
export type ExecFence = 'sandbox' | 'confined' | 'outside-sandbox' | 'backend' | 'none';

/** What a fence refused during an attempt, as a value: never read back out of output text later. */
export type FenceRefusal =
  | { kind: 'write' | 'read'; path: string; message: string }
  | { kind: 'network'; host?: string; message: string }
  | { kind: 'limit'; limit: string; message: string };

/** The gate's refusal: `kind` blocked (hardline, deny rule) or denied; `message` is what the model reads. */
export interface GateRefusal extends RefusalFacts {
  decidedBy?: Decider;
  /** The findings (rule keys) the gate's verdict had. */
  keys?: string[];
  message: string;
}

/** What a person (or nobody, under `--approvals deny`) answered after the fence refused. */
export interface Escalation {
  decision: 'denied' | 'ran-outside' | 'host-allowed';
  /** Absent only when nobody could be asked (a network refusal naming no host). */
  decidedBy?: Decider;
  /** What the model is told when it was denied. */
  message?: string;
}

export type ExecDecision =
  | {
      allowed: true;
      /** Who let it through at the gate, when the gate said (a rule, a grant, a person). */
      decidedBy?: Decider;
      /** The fence the last attempt ran in. */
      fence: ExecFence;
      /** What the fence refused during the first attempt, if anything. */
      fenceRefusal?: FenceRefusal;
      escalation?: Escalation;
    }
  | { allowed: false; refusal: GateRefusal };

/** The refusal as a card and the session store keep it (without the model's message). */
export function refusalFactsOf(decision: ExecDecision | undefined): RefusalFacts | undefined {
  if (!decision || decision.allowed) return undefined;
  const { kind, decidedBy, rule, reasons, note } = decision.refusal;
  return {
    kind,
    ...(decidedBy ? { decidedBy } : {}),
    ...(rule ? { rule } : {}),
    ...(reasons?.length ? { reasons } : {}),
    ...(note ? { note } : {}),
  };
}
