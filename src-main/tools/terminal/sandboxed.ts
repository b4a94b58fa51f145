/**
 * Runs a terminal command through the sandbox and, when the sandbox refused something, asks a
 * person (through the Approver) whether that exact command may run outside it or reach the
 * blocked host; then runs it again. Without an answer, or under `--approvals deny`, the model
 * is told plainly what was refused.
 */
import type { ToolContext } from '../../runtime/types';
import type { SandboxEscalation } from '../../sandbox/escalation';
import type { SandboxRefusal } from '../../sandbox/refusal';
import type { RunCommandRequest, RunCommandResult, TerminalService } from '../../terminal/service';

export interface SandboxNote {
  refused: SandboxRefusal['kind'];
  message: string;
  /** What happened next: asked and denied, or run again outside / with the host allowed. */
  escalation?: 'denied' | 'ran-outside' | 'host-allowed';
}

export interface SandboxedRun {
  result: RunCommandResult;
  sandbox?: SandboxNote;
}

export async function runSandboxed(
  terminal: TerminalService,
  escalation: SandboxEscalation | undefined,
  request: RunCommandRequest,
  call: ToolContext,
  /** What a person is shown and what "always" remembers, when not the command itself (a script). */
  asked: string = request.command,
): Promise<SandboxedRun> {
  const sandboxed = terminal.sandbox?.enabled === true && terminal.config.backend === 'local';
  // Already let out by the gate's question: nothing more to ask.
  if (sandboxed && request.outsideSandbox) return { result: await terminal.run(request) };
  if (!sandboxed || !escalation) {
    const result = await terminal.run(request);
    return { result, ...(refusalNote(result) ? { sandbox: refusalNote(result) } : {}) };
  }
  const allowedHosts = await escalation.allowedHosts(call.sessionId);
  // A remembered yes was given for a write the sandbox refused: it opens writes, never reads.
  const openWrites = await escalation.runsOutside(asked, call.sessionId);
  const first = await terminal.run({ ...request, openWrites, allowedHosts });
  if (first.status !== 'completed' || !first.sandboxRefusal) return { result: first };
  const refusal = first.sandboxRefusal;
  const note: SandboxNote = { refused: refusal.kind, message: refusal.message };
  // A command that still succeeded only gets told; a person is asked when it failed.
  if (first.exitCode === 0 || first.cancelled || call.signal?.aborted)
    return { result: first, sandbox: note };
  const outcome = await escalation.ask({
    command: asked,
    refusal,
    sessionId: call.sessionId,
    taskId: call.taskId,
    toolCallId: call.toolCallId,
    signal: call.signal,
  });
  if (outcome.decision === 'denied')
    return { result: first, sandbox: { ...note, message: outcome.message, escalation: 'denied' } };
  const again = await terminal.run(
    outcome.decision === 'outside'
      ? { ...request, outsideSandbox: true }
      : { ...request, allowedHosts: [...allowedHosts, outcome.host] },
  );
  return {
    result: again,
    sandbox: { ...note, escalation: outcome.decision === 'outside' ? 'ran-outside' : 'host-allowed' },
  };
}

/** What the model is told when the sandbox refused something and nobody was asked. */
export function refusalNote(result: RunCommandResult): SandboxNote | undefined {
  if (result.status !== 'completed' || !result.sandboxRefusal) return undefined;
  return { refused: result.sandboxRefusal.kind, message: result.sandboxRefusal.message };
}
