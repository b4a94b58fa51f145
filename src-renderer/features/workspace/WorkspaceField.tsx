import { useEffect, useId, useState } from 'react';
import { useChat } from '../chat/chatStore';

/** Browser mode: a path field checked by main on Enter, on "Use" and on leaving it. */
export function WorkspaceField() {
  const workspace = useChat((s) => s.workspace) ?? '';
  const error = useChat((s) => s.workspaceError);
  const setWorkspace = useChat((s) => s.setWorkspace);
  const checkWorkspace = useChat((s) => s.checkWorkspace);
  const [draft, setDraft] = useState(workspace);
  const [checking, setChecking] = useState(false);
  const errorId = useId();
  useEffect(() => setDraft(workspace), [workspace]);

  async function commit() {
    setWorkspace(draft);
    setChecking(true);
    await checkWorkspace();
    setChecking(false);
  }

  return (
    <>
      <form
        className="workspace-form"
        onSubmit={(e) => {
          e.preventDefault();
          void commit();
        }}
      >
        <input
          type="text"
          data-testid="workspace-input"
          aria-label="Workspace folder"
          aria-invalid={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder="/path/to/your/project"
          spellCheck={false}
          autoComplete="off"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            if (draft !== workspace) void commit();
          }}
        />
        <button type="submit" data-testid="workspace-use" disabled={checking}>
          Use
        </button>
      </form>
      {error && (
        <p id={errorId} className="workspace-error" role="alert" data-testid="workspace-error">
          {error}
        </p>
      )}
    </>
  );
}
