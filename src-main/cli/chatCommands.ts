import type { TurnResult } from '../agent/agent';
import type { ApproverMode } from '../approval/asking';
import type { AppRoot, AppRootOptions } from '../appRoot';
import { csv, UsageError, writeLine, type Io } from './args';
import { activityPrinter } from './chatActivity';
import {
  EXIT,
  parseChat,
  resolveChatModel,
  watched,
  sessionPlace,
  type ApprovalsSetting,
} from './chatOptions';
import { ttyClarifier } from './ttyPrompt';

const CHAT_USAGE =
  'caduceus chat [-q "<prompt>"] [--model M] [--base-url URL] [--api-key K] [--provider P] [--toolsets a,b] ' +
  '[--backend local|docker|ssh|…] [--approvals ask|deny|allow] [--workspace DIR] [--worktree] [--session ID] [--json]';

/**
 * Who answers approvals in an interactive chat, changed by `/approvals`. Kept per argument
 * list: main hands the same array to `chatRootOptions` and to `chat`.
 */
const approvalsOf = new WeakMap<string[], ApprovalsSetting>();

/** Flags that shape the composition root itself: who answers approvals, which terminal backend. */
export function chatRootOptions(argv: string[]): Partial<AppRootOptions> {
  const values = parseChat(argv);
  const approvals = values.approvals as ApproverMode | undefined;
  // Only chat runs turns, so only chat opens the checkpoint store; a one-shot run compares stat
  // signatures rather than arming a watcher.
  const base = { checkpoints: 'scan' as const, ...(values.backend ? { backend: values.backend } : {}) };
  if (values.query !== undefined) return { ...(approvals ? { approvals } : {}), ...base };
  const setting: ApprovalsSetting = { mode: approvals };
  approvalsOf.set(argv, setting);
  return { approvalsNow: () => setting.mode, ...base };
}

/** An interactive chat on a terminal stops the turn on Ctrl+C rather than ending the process. */
export function chatHandlesInterrupt(argv: string[], io: Io): boolean {
  try {
    return parseChat(argv).query === undefined && io.stdin.isTTY === true;
  } catch {
    return false;
  }
}

/**
 * `caduceus chat -q …`: one turn, headless. Tool activity on stderr, the answer on stdout.
 * Without `-q`, an interactive session (`chatRepl.ts`).
 */
export async function chat(root: AppRoot, argv: string[], io: Io, stop?: AbortSignal): Promise<number> {
  const values = parseChat(argv);
  if (values.query === undefined) {
    const { chatRepl } = await import('./chatRepl');
    const approvals = approvalsOf.get(argv) ?? { mode: values.approvals as ApproverMode | undefined };
    return chatRepl(root, values, io, { approvals, ...(stop ? { stop } : {}) });
  }
  if (!values.query) throw new UsageError(CHAT_USAGE);
  const resolution = resolveChatModel(root, values);
  if (!resolution.ok) {
    writeLine(io.stderr, `caduceus: ${await root.agent.modelSetupHelp(resolution.problems)}`);
    return 1;
  }
  const agent = root.agent.createAgent({
    model: resolution.model,
    ...(await sessionPlace(root, values, io)),
    toolsets: {
      enabled: csv(values.toolsets) ?? root.config.toolsets.enabled,
      disabled: root.config.toolsets.disabled,
    },
    clarifier: ttyClarifier(io),
    onEvent: values.json
      ? undefined
      : activityPrinter(io.stderr, { prompting: io.stdin.isTTY === true, live: watched(io) }),
    source: 'cli',
  });
  let result: TurnResult;
  try {
    result = await agent.runTurn(values.query, stop ? { signal: stop } : {});
  } finally {
    await agent.close();
  }
  if (values.json) {
    writeLine(io.stdout, JSON.stringify(transcript(root, result), null, 2));
  } else {
    if (result.text) writeLine(io.stdout, result.text);
    if (result.status === 'max_iterations') writeLine(io.stderr, 'caduceus: stopped at max_iterations');
    if (result.status === 'cancelled') writeLine(io.stderr, 'caduceus: cancelled');
    writeLine(io.stderr, `session: ${result.sessionId}`);
  }
  return EXIT[result.status];
}

/** The turn as data: its messages and the tool calls they made, with results and timings. */
function transcript(root: AppRoot, result: TurnResult) {
  const ids = new Set(result.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)));
  return {
    session_id: result.sessionId,
    status: result.status,
    answer: result.text,
    iterations: result.iterations,
    ...(result.error ? { error: result.error } : {}),
    ...(result.usage ? { usage: result.usage } : {}),
    messages: result.messages,
    tool_calls: root.agent.sessions.toolCalls(result.sessionId).filter((c) => ids.has(c.id)),
  };
}
