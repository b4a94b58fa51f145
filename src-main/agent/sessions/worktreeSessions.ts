/**
 * Sessions that work in a git worktree of their own: made at the start of a chat, merged back
 * on request, removed with the session (asking first when that would lose work).
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import {
  createWorktree,
  gitTopLevel,
  worktreePathFor,
  worktreeWriteRoots,
  type SessionWorktree,
} from '../../workspace/git/worktree';
import {
  mergeWorktree,
  removalRisk,
  removeWorktree,
  type MergeResult,
} from '../../workspace/git/worktreeMerge';
import type { SessionStore } from './store';

export interface WorktreePlaces {
  /** config.yaml `worktrees.root`; `~` is the home folder. */
  root: string;
  /** `$CADUCEUS_HOME`, which no worktree may be under: commands never write there. */
  caduceusHome: string;
  home?: string;
}

/** The folder worktrees go under, refused when it is inside `$CADUCEUS_HOME`. */
export function worktreesRoot(places: WorktreePlaces): string {
  const home = places.home ?? homedir();
  const root =
    places.root === '~' || places.root.startsWith('~/')
      ? join(home, places.root.slice(1))
      : resolve(places.root);
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const inside = relative(real(places.caduceusHome), real(root));
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)))
    throw new Error(`worktrees.root ${root} is inside $CADUCEUS_HOME, which commands may never write`);
  return root;
}

/** A new stored session working in a new worktree of the repository `workspace` is in. */
export async function startWorktreeSession(
  store: SessionStore,
  workspace: string,
  places: WorktreePlaces,
  source = 'cli',
): Promise<{ sessionId: string; worktree: SessionWorktree }> {
  const sessionId = store.freshSessionId();
  const root = worktreesRoot(places);
  const repo = await gitTopLevel(workspace);
  if (!repo) throw new Error(`${workspace} is not in a git repository, so it cannot have a worktree`);
  const worktree = await createWorktree(workspace, worktreePathFor(root, repo, sessionId), sessionId);
  store.createSession({ id: sessionId, workspace: worktree.path, source });
  store.worktrees.set(sessionId, worktree);
  return { sessionId, worktree };
}

/** What `sessions show --json` and the app say about a session's worktree. */
export function worktreeView(store: SessionStore, sessionId: string) {
  const tree = store.worktrees.get(sessionId);
  return tree ? { path: tree.path, branch: tree.branch, base: tree.base } : null;
}

/** Folders in the main repository a commit in the session's worktree writes. */
export function sessionGitRoots(store: SessionStore, sessionId: string): string[] {
  const tree = store.worktrees.get(sessionId);
  return tree ? worktreeWriteRoots(tree) : [];
}

export function mergeSession(store: SessionStore, sessionId: string, into?: string): Promise<MergeResult> {
  const tree = store.worktrees.get(sessionId);
  if (!tree) throw new Error(`Session ${sessionId} has no worktree`);
  return mergeWorktree(tree, into);
}

export type WorktreeRemoval = { status: 'removed' } | { status: 'needs-confirm'; reason: string };

/** Removes the session's worktree, if it has one; unconfirmed, says what would be lost instead. */
export async function removeSessionWorktree(
  store: SessionStore,
  sessionId: string,
  confirmed: boolean,
): Promise<WorktreeRemoval> {
  const tree = store.worktrees.get(sessionId);
  if (!tree) return { status: 'removed' };
  const risk = confirmed ? undefined : await removalRisk(tree);
  if (risk) return { status: 'needs-confirm', reason: risk };
  await removeWorktree(tree);
  return { status: 'removed' };
}
