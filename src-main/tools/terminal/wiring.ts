/** What the terminal-backed tools (terminal, process, file, execute_code) need, and when they are offered. */
import { backendInfo } from '../../../src-shared/backends/registry';
import { toolError } from '../../runtime/errors';
import { toolRefused } from '../../runtime/outcome';
import { decide, type Effect } from '../../sandbox/execPolicy';
import type { CheckFn, ToolContext, ToolOutcome } from '../../runtime/types';
import type { TerminalService } from '../../terminal/service';
import type { CommandCheck, CommandGate, ToolServices } from '../toolModule';

/** Checking a docker or ssh backend may contact a daemon or a host: an answer is reused this long. */
const AVAILABILITY_TTL_MS = 30_000;

const cache = new WeakMap<TerminalService, { expires: number; result: Promise<true | string> }>();

/** `true`, or why the configured backend cannot run commands. Cached per service. */
export function backendAvailable(terminal: TerminalService, now = Date.now()): Promise<true | string> {
  const hit = cache.get(terminal);
  if (hit && hit.expires > now) return hit.result;
  const backend = terminal.config.backend;
  const result = terminal.availability().then(
    (found) =>
      found.available ||
      `the ${backend} terminal backend is unavailable: ${found.reason ?? 'no reason given'}`,
    (error: unknown) => `the ${backend} terminal backend is unavailable: ${messageOf(error)}`,
  );
  cache.set(terminal, { expires: now + AVAILABILITY_TTL_MS, result });
  return result;
}

/** The check shared by a family of tools; `gate` says whether its tools run commands the gate must see. */
export function terminalCheck(services: ToolServices, needs: { gate: boolean }): CheckFn {
  return () => {
    if (!services.terminal) return 'no terminal service is configured';
    if (needs.gate && !services.commandGate) return 'no approval gate is configured, so no command may run';
    return backendAvailable(services.terminal);
  };
}

export type Wired = { terminal: TerminalService; gate: CommandGate };

/** The services a call needs, or the failure when one is missing (the check normally prevents it). */
export function wired(services: ToolServices, name: string): Wired | ToolOutcome {
  if (!services.terminal) return toolError(`${name} needs the terminal service, which is not configured`);
  if (!services.commandGate) return toolError(`${name} needs the approval gate, which is not configured`);
  return { terminal: services.terminal, gate: services.commandGate };
}

/**
 * Asks the approval gate about an effect that is not attempted through `runExec` (a process's
 * stdin, a memory write). Undefined when it may go ahead, else the refusal as the model reads it,
 * with the gate's decision on the outcome.
 */
export async function gateRefusal(
  gate: CommandGate,
  command: string,
  call: ToolContext,
  extra: Pick<
    CommandCheck,
    'cwd' | 'workspace' | 'stdinOf' | 'extraKeys' | 'extraDetail' | 'subjectKind' | 'detail'
  > = {},
): Promise<ToolOutcome | undefined> {
  const { subjectKind, ...check } = extra;
  const effect: Effect = subjectKind
    ? { kind: 'persistent', words: command, subjectKind }
    : { kind: 'command', words: command };
  const decided = await decide(gate, effect, call, check);
  return decided.allowed ? undefined : toolRefused(decided.refusal);
}

/**
 * The sandbox a run of this command would be held in, as the gate reads it: the folders it may
 * write (so the gate can tell from its reading that the sandbox would refuse it) and what it is
 * confined to (auto mode). Empty when it would not run sandboxed: another backend, the sandbox
 * off or unavailable, or a remembered yes that already runs it outside.
 */
export async function sandboxFence(
  services: ToolServices,
  command: string,
  call: ToolContext,
): Promise<Pick<CommandCheck, 'writableRoots' | 'sandboxed'>> {
  const terminal = services.terminal;
  const sandbox = terminal?.sandbox;
  const workspace = services.workspaces?.of(call.taskId);
  if (!sandbox?.enabled || !terminal || !backendInfo(terminal.config.backend).sandboxed || !workspace)
    return {};
  if (await services.sandboxEscalation?.runsOutside(command, call.sessionId)) return {};
  const tmpDir = services.workspaces?.tempDirOf(call.taskId);
  const sessionRoots = services.workspaces?.sessionRootsOf(call.taskId) ?? [];
  const policy = tmpDir ? sandbox.policy({ workspace, tmpDir, sessionRoots }) : undefined;
  if (!policy) return {};
  // An unavailable sandbox refuses the command; it confines nothing.
  if (sandbox.status().effective === 'unavailable') return { writableRoots: policy.writeRoots };
  const granted = (await services.sandboxEscalation?.allowedHosts(call.sessionId)) ?? [];
  return {
    writableRoots: policy.writeRoots,
    sandboxed: {
      workspace: policy.workspace,
      scratchRoots: [policy.tmpDir],
      hosts: [...policy.allowedDomains, ...granted],
    },
  };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
