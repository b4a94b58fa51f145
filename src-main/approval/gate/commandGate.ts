import type { Decider } from '../../../src-shared/approvalsLedger';

/**
 * How a tool asks the approval gate about a command it is about to run. Declared here, below
 * the tools, so the gate implements it without importing the tool layer.
 */

export interface CommandCheck {
  command: string;
  sessionId: string;
  taskId: string;
  toolCallId: string;
  /** Rule keys the tool found itself (a write outside the workspace); the gate adds them. */
  extraKeys?: readonly string[];
  /** What the extra keys are about (the file a read opens), added to their reasons. */
  extraDetail?: string;
  signal?: AbortSignal;
  /** The task's working directory and the session's workspace, when known. */
  cwd?: string;
  workspace?: string;
  /** Set when `command` is text written to the stdin of a running process with this command line. */
  stdinOf?: string;
  /**
   * The tool acts from this process on this machine (a fetch), not in the task's backend: it is
   * judged as local whatever the backend, so a container's skip does not let it through.
   */
  onHost?: boolean;
  /**
   * What is decided on when it is not a shell command ('skill', 'memory'): `command` then says
   * what happens in words, is not analysed, and only `extraKeys` judge it.
   */
  subjectKind?: string;
  /** Shown with the question under `command`: the content written, a diff, what is deleted. */
  detail?: string;
  /**
   * The file a write tool writes, when `command` is the `tee -- path` it is judged as: the
   * question and the ledger name the write, not a command nobody ran.
   */
  writesTo?: string;
  /** The sandbox's write roots, when the command would run sandboxed (see GateCheck). */
  writableRoots?: readonly string[];
  /** What the sandbox the command would run in confines it to (see GateCheck). */
  sandboxed?: SandboxReach;
}

/**
 * The OS sandbox a command would run in, as the tool that runs it knows it: absent when it
 * would run elsewhere (another backend, the sandbox off or unavailable, a remembered run outside).
 */
export interface SandboxReach {
  /** The workspace, whose changes a checkpoint can undo. */
  workspace: string;
  /** Write roots that are the session's own scratch (its temp folder), not a person's files. */
  scratchRoots: readonly string[];
  /** Hosts the command may reach: `sandbox.network.allowed_domains` and hosts a person allowed. */
  hosts: readonly string[];
}

/** The gate's answer; `message` is what the model receives when the command may not run. */
export type CommandDecision =
  /** `outsideSandbox`: a person allowed it knowing it runs outside the sandbox; no second question. */
  | { allowed: true; outsideSandbox?: boolean; decidedBy?: Decider }
  | {
      allowed: false;
      blocked: boolean;
      message: string;
      /** Who refused (hardline, deny-rule, human, unattended, timeout, smart) and by which rule: for the UI. */
      decidedBy?: Decider;
      rule?: string;
      /** The findings (rule keys) the verdict had. */
      keys?: string[];
      reasons?: string[];
      /** What the person told the agent with their "no". */
      note?: string;
    };

export type CommandGate = (check: CommandCheck) => Promise<CommandDecision>;
