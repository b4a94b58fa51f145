import { useChat } from '../chat/chatStore';
import { useWorkspace } from './workspaceStore';

/** Desktop app: the folder chosen with the native dialog, and the button that opens it. */
export function WorkspacePicker() {
  const workspace = useChat((s) => s.workspace);
  const setWorkspace = useChat((s) => s.setWorkspace);
  const pick = useWorkspace((s) => s.pick);
  return (
    <div className="workspace-picker">
      <span
        className={workspace ? 'workspace-path' : 'workspace-path muted'}
        title={workspace}
        data-testid="workspace-path"
      >
        <bdi>{workspace ?? 'No folder chosen yet'}</bdi>
      </span>
      <button
        type="button"
        className={workspace ? undefined : 'primary'}
        data-testid="workspace-pick"
        onClick={() =>
          void pick().then((path) => {
            if (path) setWorkspace(path);
          })
        }
      >
        {workspace ? 'Change…' : 'Choose folder…'}
      </button>
    </div>
  );
}
