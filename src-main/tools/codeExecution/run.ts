/**
 * The `execute_code` tool. Approval: the gate sees the script as the equivalent shell command
 * (`python3 -c '<script>'` / `node -e '<script>'`), so a human who is asked reads the code, and
 * the script is held to what the same code run through `terminal` would be. What the script
 * does at run time (subprocesses, sockets) cannot be known beforehand; every tool it calls
 * through the RPC channel goes through the runtime's dispatch and that tool's own checks — a
 * `terminal` call passes the gate again.
 *
 * Tool access: only the local backend can reach the loopback RPC server. On docker, ssh and the
 * other backends the script still runs, with a `tools` object whose calls raise a clear error,
 * and the result says so.
 */
import { posix } from 'node:path';
import { toolError } from '../../runtime/errors';
import { toolOk, toolRefused } from '../../runtime/outcome';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { shQuote } from '../../../src-shared/shellQuote';
import type { TerminalService } from '../../terminal/service';
import { withTaskFiles, type FileAccess } from '../file/access';
import { attemptFenced, decide, type Gated } from '../../sandbox/execPolicy';
import { commandAttempt, commandFence, sandboxNote } from '../terminal/sandboxed';
import { messageOf, sandboxFence, wired } from '../terminal/wiring';
import type { ToolServices } from '../toolModule';
import { nodeHelper, pythonHelper, pythonLauncher, type Channel } from './helpers';
import { startRpcServer, type RpcServer } from './rpcServer';
import type { ExecuteCodeArgs } from './schemas';

const DEFAULT_TIMEOUT_SECONDS = 120;
/** A script looping over tool calls should be stopped before it floods the session. */
const MAX_TOOL_CALLS = 200;

type Language = ExecuteCodeArgs['language'];

export async function executeCode(
  services: ToolServices,
  args: ExecuteCodeArgs,
  call: ToolContext,
  callable: readonly string[],
): Promise<ToolOutcome> {
  const ready = wired(services, 'execute_code');
  if (!('gate' in ready)) return ready;
  const { language, code } = args;
  if (code.trim() === '') return toolError('code is empty');
  const asked = gateCommand(language, code);
  const fenced = await sandboxFence(services, asked, call);
  const checked = await decide(ready.gate, { kind: 'command', words: asked }, call, fenced);
  if (!checked.allowed) return toolRefused(checked.refusal);
  const timeout = args.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  try {
    return await withTaskFiles(ready.terminal, call.taskId, call.signal, ({ files, backendKind, paths }) =>
      runScript({
        services,
        terminal: ready.terminal,
        files,
        backendKind,
        cwd: paths.cwd,
        language,
        code,
        timeout,
        call,
        callable,
        decided: checked,
      }),
    );
  } catch (error) {
    return toolError(`execute_code failed: ${messageOf(error)}`);
  }
}

/** The shell command the gate judges: running this code inline, which it would see through `terminal` too. */
export function gateCommand(language: Language, code: string): string {
  return language === 'python' ? `python3 -c ${shQuote(code)}` : `node -e ${shQuote(code)}`;
}

interface Run {
  services: ToolServices;
  terminal: TerminalService;
  files: FileAccess;
  backendKind: string;
  cwd: string;
  language: Language;
  code: string;
  timeout: number;
  call: ToolContext;
  /** The tools a script may call (their registrations say so). */
  callable: readonly string[];
  /** The gate's yes (and whether its question let the script out of the sandbox). */
  decided: Gated;
}

async function runScript(run: Run): Promise<ToolOutcome> {
  const { files, call } = run;
  const done = new AbortController();
  const stop = () => done.abort();
  call.signal?.addEventListener('abort', stop, { once: true });
  let server: RpcServer | undefined;
  const dir = await files.makeTempDir();
  try {
    const noTools = noToolsReason(run);
    if (!noTools && run.services.dispatchTool) {
      server = await startRpcServer({
        dispatch: run.services.dispatchTool,
        callable: run.callable,
        call,
        signal: done.signal,
        maxCalls: MAX_TOOL_CALLS,
      });
    }
    const channel: Channel | undefined = server && { url: server.url, token: server.token };
    const command = await writeFiles(files, dir, run, channel, noTools ?? '');
    const request = {
      taskId: call.taskId,
      toolCallId: call.toolCallId,
      command,
      // A one-off workdir: a first command would otherwise take the task's pending cwd with it,
      // and tools the script calls meanwhile could not find where the task is.
      workdir: run.cwd,
      timeout: run.timeout,
      signal: call.signal,
      onData: call.onOutput,
      ...(server ? { loopbackPorts: [server.port] } : {}),
    };
    const { result, decision } = await attemptFenced(run.services.sandboxEscalation, run.decided, {
      call,
      fence: commandFence(run.terminal),
      // A person asked to let the script out of the sandbox reads the script, as the gate showed it.
      subject: gateCommand(run.language, run.code),
      attempt: commandAttempt(run.terminal, request),
    });
    const sandbox = sandboxNote(decision);
    if (result.status !== 'completed')
      return toolError('execute_code started a background process unexpectedly');
    if (result.error && result.output === '' && result.exitCode === null) {
      return toolError(`could not run the script: ${result.error}`);
    }
    const data = {
      output: result.output,
      exit_code: result.exitCode,
      tool_calls: server?.calls ?? 0,
      ...(result.timedOut ? { timed_out: true } : {}),
      ...(result.cancelled ? { cancelled: true } : {}),
      ...(result.truncated ? { truncated: true } : {}),
      ...(result.exitCode === 127
        ? { hint: `${interpreter(run.language)} may not be installed in this environment` }
        : {}),
      ...(noTools ? { note: noTools } : {}),
      ...(sandbox ? { sandbox } : {}),
    };
    return toolOk(data, { exitCode: result.exitCode, decision });
  } finally {
    done.abort();
    call.signal?.removeEventListener('abort', stop);
    await server?.close();
    await files.remove(dir).catch(() => undefined);
  }
}

function noToolsReason(run: Run): string | undefined {
  if (run.backendKind !== 'local') {
    return `The script ran without tool access: the ${run.backendKind} backend cannot reach Caduceus's tool channel.`;
  }
  if (!run.services.dispatchTool)
    return 'The script ran without tool access: no tool dispatcher is configured.';
  return undefined;
}

function interpreter(language: Language): string {
  return language === 'python' ? 'python3' : 'node';
}

/** Writes the script and its helper; returns the command line that runs them. */
async function writeFiles(
  files: FileAccess,
  dir: string,
  { language, code, callable }: Pick<Run, 'language' | 'code' | 'callable'>,
  channel: Channel | undefined,
  unavailable: string,
): Promise<string> {
  const at = (name: string) => posix.join(dir, name);
  const write = (name: string, text: string) => files.write(at(name), Buffer.from(text, 'utf8'));
  if (language === 'python') {
    await write('caduceus_tools.py', pythonHelper(channel, callable, unavailable));
    await write('script.py', code);
    await write('launch.py', pythonLauncher(at('script.py')));
    return `PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 python3 ${shQuote(at('launch.py'))}`;
  }
  await write('caduceus_tools.cjs', nodeHelper(channel, callable, unavailable));
  await write('script.js', code);
  return `node --require ${shQuote(at('caduceus_tools.cjs'))} ${shQuote(at('script.js'))}`;
}
