import { useEffect, useState } from 'react';
import type { SessionWorktreeView } from '../../../src-shared/ipc/worktreeSchemas';
import { api, errorMessage, unwrap } from '../../api/client';
import { useNotices } from '../../state/noticesStore';
import { useChat } from '../chat/chatStore';
import { useWorkspace } from './workspaceStore';

/**
 * A new chat in a git workspace may work in a worktree of its own (a checkbox); a session that
 * does offers "Merge into <base>", which merges locally and says what happened.
 */
export function WorktreeControls({ onCompare }: { onCompare: (sessionId: string) => void }) {
  const sessionId = useChat((s) => s.sessionId);
  const workspace = useChat((s) => s.workspace);
  const status = useChat((s) => s.status);
  const [isRepo, setIsRepo] = useState(false);
  const [tree, setTree] = useState<SessionWorktreeView | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setIsRepo(false);
    if (sessionId === undefined && workspace)
      void unwrap(api().reviewStatus({ workspace })).then(
        (s) => live && setIsRepo(s.repo),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [sessionId, workspace]);

  useEffect(() => {
    let live = true;
    setTree(undefined);
    if (sessionId !== undefined)
      void unwrap(api().sessionsWorktree({ id: sessionId })).then(
        (worktree) => live && setTree(worktree ?? undefined),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [sessionId, status]);

  if (sessionId === undefined) return isRepo ? <WorktreeCheckbox /> : null;
  if (!tree) return null;
  return (
    <>
      <button
        type="button"
        className="workspace-merge"
        data-testid="worktree-changes"
        title={`What ${tree.branch} changes against ${tree.base}, committed or not`}
        onClick={() => onCompare(sessionId)}
      >
        Changes
      </button>
      <button
        type="button"
        className="workspace-merge"
        data-testid="worktree-merge"
        disabled={status !== 'idle'}
        title={`Merges ${tree.branch} into ${tree.base} in your repository; nothing changes on a conflict`}
        onClick={() => void merge(sessionId, tree.base)}
      >
        Merge into {tree.base}
      </button>
    </>
  );
}

function WorktreeCheckbox() {
  const checked = useWorkspace((s) => s.worktree);
  return (
    <label
      className="workspace-worktree"
      title="A new branch, checked out outside the repository; your checkout is untouched until you merge"
    >
      <input
        type="checkbox"
        data-testid="worktree-checkbox"
        checked={checked}
        onChange={(e) => useWorkspace.getState().setWorktree(e.target.checked)}
      />{' '}
      Own worktree
    </label>
  );
}

async function merge(id: string, into: string) {
  const say = useNotices.getState().push;
  try {
    const result = await unwrap(api().sessionsMerge({ id, into }));
    if (result.status === 'merged') say(`Merged into ${result.into}.`);
    else if (result.status === 'conflicts')
      say(`Not merged: ${result.files.join(', ')} conflict with ${result.into}. Nothing was changed.`);
    else say(`Not merged into ${result.into}: ${result.reason}`);
  } catch (err) {
    say(`Could not merge: ${errorMessage(err)}`);
  }
}
