/**
 * The `process` tool: background processes of the calling task's environment. A task sees only
 * processes started in its own environment (a sub-agent sharing its parent's environment shares
 * them too); another task's process ids answer "not found", exactly like ids that never existed.
 */
import { toolError } from '../../runtime/errors';
import { toolOk } from '../../runtime/outcome';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { TerminalError } from '../../terminal/errors';
import type { ProcessInfo } from '../../terminal/processRegistry';
import type { TerminalService } from '../../terminal/service';
import type { ToolServices } from '../toolModule';
import type { ProcessArgs } from './schemas';
import { gateRefusal, messageOf } from './wiring';

const DEFAULT_WAIT_SECONDS = 60;
const MAX_WAIT_SECONDS = 600;

export async function runProcess(
  services: ToolServices,
  args: ProcessArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const terminal = services.terminal;
  if (!terminal) return toolError('process needs the terminal service, which is not configured');
  const { action } = args;
  const key = terminal.environments.keyFor(call.taskId);
  try {
    if (action === 'list') {
      return toolOk({ processes: terminal.processes.list({ environmentKey: key }).map(describe) });
    }
    const id = args.process_id;
    if (!id) return toolError(`process_id is required for action "${action}"`);
    own(terminal, key, id);
    if (action === 'write') {
      const refusal = await gateWrite(services, terminal, id, args, call);
      if (refusal) return refusal;
    }
    const data = await act(terminal, id, action, args, call);
    return toolOk(data, 'exit_code' in data ? { exitCode: data.exit_code } : {});
  } catch (error) {
    return toolError(error instanceof TerminalError ? error.message : `process failed: ${messageOf(error)}`);
  }
}

async function act(
  terminal: TerminalService,
  id: string,
  action: ProcessArgs['action'],
  args: ProcessArgs,
  call: ToolContext,
) {
  const processes = terminal.processes;
  switch (action) {
    case 'poll': {
      const polled = processes.poll(id);
      const skipped = polled.skippedChars > 0 ? { skipped_chars: polled.skippedChars } : {};
      return { ...describe(polled.process), output: polled.output, ...skipped };
    }
    case 'log': {
      const log = processes.log(id, { offset: args.offset, limit: args.limit });
      return {
        ...describe(log.process),
        output: log.text,
        offset: log.offset,
        lines: log.lineCount,
        total_lines: log.totalLines,
      };
    }
    case 'wait': {
      const seconds = Math.min(args.timeout ?? DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS);
      const waited = await untilAborted(processes.wait(id, seconds * 1000), call.signal);
      if (!waited) return { ...describe(processes.get(id)), cancelled: true };
      return { ...describe(waited.process), timed_out: waited.timedOut, output_tail: waited.outputTail };
    }
    case 'kill':
      return describe(await processes.kill(id));
    case 'write': {
      const { data } = args;
      if (data === undefined)
        throw new TerminalError('invalid_argument', 'data is required for action "write"');
      processes.write(id, data);
      return { process_id: id, written_chars: data.length };
    }
    case 'close_stdin':
      processes.closeStdin(id);
      return { process_id: id, stdin: 'closed' };
    default:
      throw new TerminalError('invalid_argument', `unknown action "${String(action)}"`);
  }
}

/**
 * Text sent to a shell or an interpreter is new commands or code, so the gate judges it as what
 * that process will run; for a program that only reads data it finds nothing to ask about.
 */
async function gateWrite(
  services: ToolServices,
  terminal: TerminalService,
  id: string,
  args: ProcessArgs,
  call: ToolContext,
): Promise<ToolOutcome | undefined> {
  const { data } = args;
  if (data === undefined || data === '') return undefined;
  if (!services.commandGate)
    return toolError('process write needs the approval gate, which is not configured');
  return gateRefusal(services.commandGate, data, call, { stdinOf: terminal.processes.get(id).command });
}

/** Throws not_found for a process outside the caller's environment, as for an unknown id. */
function own(terminal: TerminalService, key: string, id: string): void {
  let info: ProcessInfo | undefined;
  try {
    info = terminal.processes.get(id);
  } catch {
    info = undefined;
  }
  if (info?.environmentKey !== key)
    throw new TerminalError('not_found', `no background process with id ${id}`);
}

function describe(info: ProcessInfo) {
  return {
    process_id: info.id,
    command: info.command,
    pid: info.pid ?? null,
    status: info.status,
    exit_code: info.exitCode,
    ...(info.signal ? { signal: info.signal } : {}),
    ...(info.error ? { error: info.error } : {}),
    started_at: new Date(info.startedAt).toISOString(),
    ...(info.endedAt !== undefined ? { ended_at: new Date(info.endedAt).toISOString() } : {}),
    output_chars: info.outputChars,
    stdin_open: info.stdinOpen,
  };
}

/** Resolves to undefined when the turn is cancelled first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return work;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
