import { useState } from 'react';
import { useChat } from '../chat/chatStore';
import { useWorkspace } from './workspaceStore';
import { Icon } from '../../ui/Icon';
import { WorkspaceField } from './WorkspaceField';
import { WorkspacePicker } from './WorkspacePicker';
import { WorktreeControls } from './WorktreeControls';
import { BaseChanges } from './BaseChanges';
import { ReviewView } from '../review/ReviewView';
import { useChanges } from '../changes/changesStore';
import './workspace.css';

/**
 * The chat's header: the folder the session works in. A new chat (or a session stored before
 * workspaces) chooses one: the native folder dialog in the desktop app, a checked path field in
 * a browser. Once the session exists its folder is fixed.
 */
export function WorkspaceBar() {
  const sessionId = useChat((s) => s.sessionId);
  const workspace = useChat((s) => s.workspace);
  const native = useWorkspace((s) => s.native);
  const note = useWorkspace((s) => (s.note && s.defaultPath === workspace ? s.note : null));
  const fixed = sessionId !== undefined && workspace !== undefined;
  const [reviewing, setReviewing] = useState(false);
  /** The worktree session whose changes against its base are open under the header. */
  const [comparing, setComparing] = useState<string | undefined>(undefined);
  return (
    <div className="workspace-bar" data-testid="workspace-bar">
      <span
        className="workspace-label"
        title="The agent works in this folder; writes anywhere else wait for your approval."
      >
        <Icon name="folder" /> Workspace
      </span>
      <div className="workspace-control">
        {fixed ? (
          <span className="workspace-path" title={workspace} data-testid="workspace-path">
            <bdi>{workspace}</bdi>
          </span>
        ) : native ? (
          <WorkspacePicker />
        ) : (
          <WorkspaceField />
        )}
      </div>
      {note && !fixed && (
        <span className="workspace-note" data-testid="workspace-note" role="note">
          {note}
        </span>
      )}
      <div className="workspace-actions">
        <WorktreeControls onCompare={setComparing} />
        {workspace && (
          <button
            type="button"
            className="workspace-review"
            data-testid="review-open"
            title="The folder's git changes against HEAD: stage, commit, discard"
            onClick={() => setReviewing(true)}
          >
            <Icon name="branch" /> Review
          </button>
        )}
        {workspace && sessionId && (
          <button
            type="button"
            className="workspace-review"
            data-testid="changes-open"
            aria-label="Changes"
            title="Changes: what this session's turns changed, with diffs and reverts you can undo"
            onClick={() => useChanges.getState().show()}
          >
            <Icon name="file" />
          </button>
        )}
      </div>
      {comparing && comparing === sessionId && (
        <BaseChanges sessionId={comparing} onClose={() => setComparing(undefined)} />
      )}
      {reviewing && workspace && <ReviewView workspace={workspace} onClose={() => setReviewing(false)} />}
    </div>
  );
}
