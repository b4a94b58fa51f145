/**
 * A terminal command as the execution policy attempts it (sandbox/execPolicy.ts): run in the
 * fence it chose, with the sandbox's refusal as a value; and what the model is told about it.
 */
import { backendInfo } from '../../../src-shared/backends/registry';
import type { ExecDecision, ExecFence, FenceRefusal } from '../../runtime/execDecision';
import type { Attempted, AttemptFence } from '../../sandbox/execPolicy';
import type { SandboxRefusal } from '../../sandbox/refusal';
import type { RunCommandRequest, RunCommandResult, TerminalService } from '../../terminal/service';

export interface SandboxNote {
  refused: SandboxRefusal['kind'];
  message: string;
  /** What happened next: asked and denied, or run again outside / with the host allowed. */
  escalation?: 'denied' | 'ran-outside' | 'host-allowed';
}

/** The fence the terminal service puts a command in. */
export function commandFence(terminal: TerminalService): ExecFence {
  if (!backendInfo(terminal.config.backend).sandboxed) return 'backend';
  return terminal.sandbox?.enabled === true ? 'sandbox' : 'none';
}

/** Runs `request` in the fence chosen; a failed run the sandbox refused may be escalated. */
export function commandAttempt(
  terminal: TerminalService,
  request: RunCommandRequest,
): (fence: AttemptFence) => Promise<Attempted<RunCommandResult>> {
  return async (fence) => {
    const result = await terminal.run(
      fence.fence === 'sandbox' || fence.outsideSandbox
        ? {
            ...request,
            outsideSandbox: fence.outsideSandbox,
            openWrites: fence.openWrites,
            allowedHosts: fence.allowedHosts,
          }
        : request,
    );
    if (result.status !== 'completed') return { result };
    const { sandboxRefusal, limitBreach } = result;
    const fenceRefusal: FenceRefusal | undefined =
      sandboxRefusal ??
      (limitBreach ? { kind: 'limit', limit: limitBreach.kind, message: limitBreach.message } : undefined);
    if (!fenceRefusal) return { result };
    return { result, fenceRefusal, failed: result.exitCode !== 0 && !result.cancelled };
  };
}

/** What the model is told when the sandbox refused something: the decision's fence refusal in words. */
export function sandboxNote(decision: ExecDecision): SandboxNote | undefined {
  if (!decision.allowed || !decision.fenceRefusal || decision.fenceRefusal.kind === 'limit') return undefined;
  const { fenceRefusal: refused, escalation } = decision;
  return {
    refused: refused.kind,
    message: escalation?.decision === 'denied' && escalation.message ? escalation.message : refused.message,
    ...(escalation ? { escalation: escalation.decision } : {}),
  };
}
