/** The `terminal` tool: gate, run through the TerminalService, and a JSON result the model can use. */
import { toolError } from '../../runtime/errors';
import type { ExecDecision } from '../../runtime/execDecision';
import { toolOk, toolRefused } from '../../runtime/outcome';
import { runExec } from '../../sandbox/execPolicy';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { TerminalError } from '../../terminal/errors';
import type { RunCommandResult } from '../../terminal/service';
import type { ToolServices } from '../toolModule';
import { messageOf, sandboxFence, wired } from './wiring';
import { commandAttempt, commandFence, sandboxNote } from './sandboxed';
import type { TerminalArgs } from './schemas';
import { probeTaskPaths, resolveTaskPath } from './taskPaths';

export async function runTerminal(
  services: ToolServices,
  args: TerminalArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const ready = wired(services, 'terminal');
  if (!('gate' in ready)) return ready;
  const { command, workdir } = args;
  if (command.trim() === '') return toolError('command is empty');
  // An absolute workdir is where the command runs; the gate resolves relative paths from it, and
  // judges writes against the session's workspace.
  const workspace = services.workspaces?.boundTo(call.taskId);
  const fenced = await sandboxFence(services, command, call);
  const { terminal, gate } = ready;
  // Resolved once, after the gate's yes, whether one attempt is made or two.
  let dir: Promise<string | undefined> | undefined;
  try {
    const run = await runExec(
      { gate, escalation: services.sandboxEscalation },
      {
        effect: { kind: 'command', words: command },
        check: {
          ...(workdir?.startsWith('/') ? { cwd: workdir } : {}),
          ...(workspace ? { workspace } : {}),
          ...fenced,
        },
        call,
        fence: commandFence(terminal),
        attempt: async (fence) => {
          const request = {
            taskId: call.taskId,
            toolCallId: call.toolCallId,
            command,
            background: args.background === true,
            timeout: args.timeout,
            workdir: await (dir ??= workdirOf(services, workdir, call)),
            pty: args.pty === true,
            signal: call.signal,
            onData: call.onOutput,
          };
          return commandAttempt(terminal, request)(fence);
        },
      },
    );
    if (!('result' in run)) return toolRefused(run.decision.refusal);
    return format(run.result, command, run.decision);
  } catch (error) {
    return toolError(error instanceof TerminalError ? error.message : `terminal failed: ${messageOf(error)}`);
  }
}

/** A relative workdir means relative to the task's cwd, not to wherever the backend starts a shell. */
async function workdirOf(services: ToolServices, workdir: string | undefined, call: ToolContext) {
  if (workdir === undefined || workdir.startsWith('/') || !services.terminal) return workdir;
  const environment = services.terminal.environments.get(call.taskId);
  return resolveTaskPath(await probeTaskPaths(environment, call.signal), workdir);
}

function format(result: RunCommandResult, command: string, decision: ExecDecision): ToolOutcome {
  const sandbox = sandboxNote(decision);
  if (result.status === 'started') {
    return toolOk(
      {
        status: 'started',
        process_id: result.processId,
        pid: result.pid ?? null,
        command,
        hint: `Check on it with the process tool (poll, log, wait, kill, write) and process_id "${result.processId}".`,
      },
      { decision },
    );
  }
  if (result.error && result.output === '' && result.exitCode === null) {
    return toolError(`could not run the command: ${result.error}`);
  }
  const data = {
    output: result.output,
    exit_code: result.exitCode,
    ...(result.timedOut ? { timed_out: true } : {}),
    ...(result.cancelled ? { cancelled: true } : {}),
    ...(result.truncated ? { truncated: true } : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(sandbox ? { sandbox } : {}),
  };
  return toolOk(data, { exitCode: result.exitCode, decision });
}
