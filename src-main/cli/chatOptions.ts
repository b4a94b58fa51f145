// What `caduceus chat` is given, shared by one turn (`-q`) and the interactive session.
import { parseArgs } from 'node:util';
import type { TurnResult } from '../agent/agent';
import { ApproverModeSchema, type ApproverMode } from '../approval/asking';
import type { AppRoot } from '../appRoot';
import { UsageError, type Io } from './args';
import { validateWorkspace } from '../workspace/validate';
import { startWorktreeSession } from '../agent/sessions/worktreeSessions';

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
  worktree: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const APPROVALS = ApproverModeSchema.options;

export type ChatValues = ReturnType<typeof parseChat>;

export function parseChat(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  if (values.approvals !== undefined && !APPROVALS.includes(values.approvals as ApproverMode)) {
    throw new UsageError(`--approvals must be one of ${APPROVALS.join(', ')}`);
  }
  if (values.json && values.query === undefined) throw new UsageError('--json needs -q "<prompt>"');
  if (values.worktree && values.session !== undefined)
    throw new UsageError('--worktree starts a new session; it cannot be given with --session');
  return values;
}

/** Who answers approvals from now on; `undefined` is the default (ask on a terminal). */
export interface ApprovalsSetting {
  mode: ApproverMode | undefined;
}

/**
 * `--workspace DIR`, else the folder the command runs in; a resumed session keeps its own
 * unless `--workspace` names another (which is refused).
 */
export async function workspaceOf(values: { workspace?: string; session?: string }, io: Io) {
  if (values.workspace === undefined && values.session !== undefined) return {};
  const checked = await validateWorkspace(values.workspace ?? io.cwd, io.cwd);
  if (!checked.ok) {
    const source = values.workspace === undefined ? 'the current folder' : '--workspace';
    throw new UsageError(`${source} cannot be the workspace: ${checked.error}`);
  }
  return { workspace: checked.path };
}

/**
 * With `--worktree`, a new stored session working in a new git worktree of the workspace's
 * repository (its workspace is the worktree); otherwise the session and workspace as given.
 */
export async function sessionPlace(
  root: AppRoot,
  values: { workspace?: string; session?: string; worktree?: boolean },
  io: Io,
): Promise<{ sessionId?: string; workspace?: string }> {
  const place = await workspaceOf(values, io);
  if (!values.worktree || !place.workspace)
    return { ...place, ...(values.session !== undefined ? { sessionId: values.session } : {}) };
  try {
    const { sessionId, worktree } = await startWorktreeSession(root.agent.sessions, place.workspace, {
      root: root.config.worktrees.root,
      caduceusHome: root.toolServices.home,
      ...(root.toolServices.env.HOME ? { home: root.toolServices.env.HOME } : {}),
    });
    io.stderr.write(`worktree: ${worktree.path} (branch ${worktree.branch}, from ${worktree.base})\n`);
    return { sessionId };
  } catch (error) {
    throw new UsageError(`--worktree: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const EXIT: Record<TurnResult['status'], number> = {
  completed: 0,
  max_iterations: 1,
  error: 1,
  cancelled: 130,
};

/** The model the flags name (with config.yaml's settings for the rest). */
export function resolveChatModel(root: AppRoot, values: ChatValues, name = values.model) {
  return root.agent.resolveModel({
    model: name,
    baseUrl: values['base-url'],
    apiKey: values['api-key'],
    provider: values.provider,
  });
}

/** Whether stderr is a terminal someone watches: a running command's output is shown live there. */
export function watched(io: Io): boolean {
  return (io.stderr as { isTTY?: boolean }).isTTY === true;
}
