/** The `terminal` tool: gate, run through the TerminalService, and a JSON result the model can use. */
import { toolError } from '../../runtime/errors';
import { toolOk } from '../../runtime/outcome';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { TerminalError } from '../../terminal/errors';
import type { RunCommandResult } from '../../terminal/service';
import type { ToolServices } from '../toolModule';
import { checkCommand, messageOf, sandboxWriteRoots, wired } from './wiring';
import { runSandboxed, type SandboxNote } from './sandboxed';
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
  const writableRoots = await sandboxWriteRoots(services, command, call);
  const checked = await checkCommand(ready.gate, command, call, {
    ...(workdir?.startsWith('/') ? { cwd: workdir } : {}),
    ...(workspace ? { workspace } : {}),
    ...(writableRoots ? { writableRoots } : {}),
  });
  if ('refusal' in checked) return checked.refusal;
  try {
    const request = {
      taskId: call.taskId,
      toolCallId: call.toolCallId,
      command,
      background: args.background === true,
      timeout: args.timeout,
      workdir: await workdirOf(services, workdir, call),
      pty: args.pty === true,
      signal: call.signal,
      onData: call.onOutput,
      // A person said yes to running it outside the sandbox: no second question.
      ...(checked.outsideSandbox ? { outsideSandbox: true } : {}),
    };
    const { result, sandbox } = await runSandboxed(ready.terminal, services.sandboxEscalation, request, call);
    return format(result, command, sandbox);
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

function format(result: RunCommandResult, command: string, sandbox?: SandboxNote): ToolOutcome {
  if (result.status === 'started') {
    return toolOk({
      status: 'started',
      process_id: result.processId,
      pid: result.pid ?? null,
      command,
      hint: `Check on it with the process tool (poll, log, wait, kill, write) and process_id "${result.processId}".`,
    });
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
  return toolOk(data, { exitCode: result.exitCode });
}
