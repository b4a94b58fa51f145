/** A new chat in a git worktree of its own (the new-chat checkbox). */
import { startWorktreeSession } from '../agent/sessions/worktreeSessions';
import type { AppRoot } from '../appRoot';
import { ContractError } from '../contract/router';
import { validateWorkspace } from '../workspace/validate';
import type { SessionStore } from '../agent/sessions/store';
import type { SessionWorktree } from '../workspace/git/worktree';

/** The folder a stored session works in. */
export function sessionWorkspace(store: SessionStore, id: string): string | undefined {
  return store.getSession(id)?.workspace ?? undefined;
}

/** The session's worktree, or the contract's refusal. */
export function worktreeOf(store: SessionStore, id: string): SessionWorktree {
  const tree = store.worktrees.get(id);
  if (!tree) throw new ContractError('no_worktree', `Session "${id}" has no worktree`);
  return tree;
}

/** Stores a new session working in a new worktree of `workspace`'s repository; its id. */
export async function newWorktreeSession(root: AppRoot, workspace: string | undefined): Promise<string> {
  if (!workspace) throw new ContractError('bad_workspace', 'Choose a workspace in a git repository first.');
  const checked = await validateWorkspace(workspace, workspace);
  if (!checked.ok) throw new ContractError('bad_workspace', checked.error);
  try {
    const { sessionId } = await startWorktreeSession(
      root.agent.sessions,
      checked.path,
      {
        root: root.config.worktrees.root,
        caduceusHome: root.toolServices.home,
        ...(root.toolServices.env.HOME ? { home: root.toolServices.env.HOME } : {}),
      },
      'app',
    );
    return sessionId;
  } catch (error) {
    throw new ContractError('bad_workspace', error instanceof Error ? error.message : String(error));
  }
}
