import { parseArgs } from 'node:util';
import type { TurnResult } from '../agent/agent';
import { ApproverModeSchema, type ApproverMode } from '../approval/asking';
import type { AppRoot, AppRootOptions } from '../appRoot';
import { csv, UsageError, writeLine, type Io } from './args';
import { activityPrinter } from './chatActivity';
import { ttyClarifier } from './ttyPrompt';
import { validateWorkspace } from '../workspace/validate';

const CHAT_USAGE =
  'caduceus chat -q "<prompt>" [--model M] [--base-url URL] [--api-key K] [--provider P] [--toolsets a,b] ' +
  '[--backend local|docker|ssh|…] [--approvals ask|deny|allow] [--workspace DIR] [--session ID] [--json]';

const OPTIONS = {
  query: { type: 'string', short: 'q' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  provider: { type: 'string' },
  toolsets: { type: 'string' },
  backend: { type: 'string' },
  approvals: { type: 'string' },
  session: { type: 'string' },
  workspace: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const APPROVALS = ApproverModeSchema.options;

function parseChat(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  if (values.approvals !== undefined && !APPROVALS.includes(values.approvals as ApproverMode)) {
    throw new UsageError(`--approvals must be one of ${APPROVALS.join(', ')}`);
  }
  return values;
}

/** Flags that shape the composition root itself: who answers approvals, which terminal backend. */
export function chatRootOptions(argv: string[]): Partial<AppRootOptions> {
  const values = parseChat(argv);
  return {
    ...(values.approvals ? { approvals: values.approvals as ApproverMode } : {}),
    ...(values.backend ? { backend: values.backend } : {}),
  };
}

/**
 * `--workspace DIR`, else the folder the command runs in; a resumed session keeps its own
 * unless `--workspace` names another (which is refused).
 */
async function workspaceOf(values: { workspace?: string; session?: string }, io: Io) {
  if (values.workspace === undefined && values.session !== undefined) return {};
  const checked = await validateWorkspace(values.workspace ?? io.cwd, io.cwd);
  if (!checked.ok) {
    const source = values.workspace === undefined ? 'the current folder' : '--workspace';
    throw new UsageError(`${source} cannot be the workspace: ${checked.error}`);
  }
  return { workspace: checked.path };
}

const EXIT: Record<TurnResult['status'], number> = {
  completed: 0,
  max_iterations: 1,
  error: 1,
  cancelled: 130,
};

/** `caduceus chat -q …`: one turn, headless. Tool activity on stderr, the answer on stdout. */
export async function chat(root: AppRoot, argv: string[], io: Io, stop?: AbortSignal): Promise<number> {
  const values = parseChat(argv);
  if (!values.query) throw new UsageError(CHAT_USAGE);
  const resolution = root.agent.resolveModel({
    model: values.model,
    baseUrl: values['base-url'],
    apiKey: values['api-key'],
    provider: values.provider,
  });
  if (!resolution.ok) {
    writeLine(io.stderr, `caduceus: ${await root.agent.modelSetupHelp(resolution.problems)}`);
    return 1;
  }
  const agent = root.agent.createAgent({
    model: resolution.model,
    sessionId: values.session,
    ...(await workspaceOf(values, io)),
    toolsets: {
      enabled: csv(values.toolsets) ?? root.config.toolsets.enabled,
      disabled: root.config.toolsets.disabled,
    },
    clarifier: ttyClarifier(io),
    onEvent: values.json ? undefined : activityPrinter(io.stderr, { prompting: io.stdin.isTTY === true }),
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
