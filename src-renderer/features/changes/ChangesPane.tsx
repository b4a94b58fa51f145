import type { TurnChanges, TurnFile } from '../../../src-shared/ipc/checkpointSchemas';
import { IconButton } from '../../ui/IconButton';
import { Modal } from '../../ui/Modal';
import { DiffView } from '../diff/lazyDiffView';
import { chipSummary, gitFiles, leftOutSummary, workFiles } from './changeWords';
import { turnsAfter, useChanges } from './changesStore';
import { RevertConfirm } from './RevertConfirm';
import './changes.css';

const STATUS: Record<TurnFile['status'], string> = {
  added: 'added',
  modified: 'modified',
  deleted: 'deleted',
  renamed: 'renamed',
  'type-changed': 'type changed',
};

function FileList({ turn, files }: { turn: TurnChanges; files: TurnFile[] }) {
  const selected = useChanges((s) => s.selected);
  const { select } = useChanges.getState();
  return (
    <ul>
      {files.map((file) => {
        const current = selected?.checkpointId === turn.checkpointId && selected.path === file.path;
        return (
          <li key={file.path} className={current ? 'selected' : undefined} data-testid="changes-file">
            <button
              type="button"
              className="changes-file-name"
              aria-current={current ? 'true' : undefined}
              title={file.from ? `${file.from} → ${file.path}` : file.path}
              onClick={() =>
                void select({ checkpointId: turn.checkpointId, turn: turn.turn, path: file.path })
              }
            >
              <bdi>{file.path}</bdi>
            </button>
            <span className={`changes-status changes-status-${file.status}`}>
              {STATUS[file.status]}
              {file.binary ? ', binary' : ''}
            </span>
            {!file.binary && (
              <span className="changes-counts">
                <span className="diff-added-count">+{file.insertions}</span>{' '}
                <span className="diff-removed-count">−{file.deletions}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function TurnSection({ turn }: { turn: TurnChanges }) {
  const busy = useChanges((s) => s.busy);
  const changes = useChanges((s) => s.changes);
  const { ask } = useChanges.getState();
  const left = leftOutSummary(turn);
  const git = gitFiles(turn.files);
  return (
    <section className="changes-turn" data-testid="changes-turn" data-turn={turn.turn}>
      <h3>
        <span>Turn {turn.turn}</span>
        <span className="muted">{turn.running ? 'running…' : chipSummary(turn)}</span>
        <button
          type="button"
          className="changes-revert-turn"
          data-testid="revert-turn"
          disabled={busy || turn.running}
          title="Put the workspace back as it was before this turn"
          onClick={() =>
            ask({
              kind: 'turn',
              checkpointId: turn.checkpointId,
              turn: turn.turn,
              laterTurns: turnsAfter(changes, turn.turn),
            })
          }
        >
          Revert turn
        </button>
      </h3>
      {turn.files.length === 0 && <p className="muted changes-none">No files changed.</p>}
      <FileList turn={turn} files={workFiles(turn.files)} />
      {git.length > 0 && (
        <details className="changes-git" data-testid="changes-git">
          <summary>Repository data (.git): {git.length === 1 ? '1 file' : `${git.length} files`}</summary>
          <FileList turn={turn} files={git} />
        </details>
      )}
      {turn.notes.map((note) => (
        <p key={note} className="changes-note" data-testid="changes-note">
          {note}
        </p>
      ))}
      {left && (
        <p className="changes-left-out muted" data-testid="changes-left-out">
          {left}
        </p>
      )}
    </section>
  );
}

/** The session's turns and the files each changed: diffs, and reverts that can be undone. */
export function ChangesPane() {
  const changes = useChanges((s) => s.changes);
  const selected = useChanges((s) => s.selected);
  const diff = useChanges((s) => s.diff);
  const error = useChanges((s) => s.error);
  const busy = useChanges((s) => s.busy);
  const asking = useChanges((s) => s.asking);
  const lastRevert = useChanges((s) => s.lastRevert);
  const { close, ask, undo } = useChanges.getState();
  const turns = changes?.turns ?? [];
  const selectedTurn = turns.find((t) => t.checkpointId === selected?.checkpointId);

  const title = (
    <span className="changes-title">
      Changes
      <span className="changes-title-actions">
        <IconButton icon="close" label="Close changes" data-testid="changes-close" onClick={close} />
      </span>
    </span>
  );
  return (
    <Modal title={title} onEscape={close} testId="changes-pane" className="changes-modal">
      {error && (
        <p className="changes-error" role="alert">
          {error}
        </p>
      )}
      {changes?.notCovered && (
        <p className="changes-not-covered" data-testid="changes-not-covered">
          Not covered: {changes.notCovered}.
        </p>
      )}
      {changes && changes.outside.length > 0 && (
        <p className="changes-outside muted" data-testid="changes-outside">
          Checkpoints hold the workspace only, not: {changes.outside.join(', ')}.
        </p>
      )}
      {lastRevert && (
        <p className="changes-undo-bar" role="status" data-testid="changes-reverted">
          {lastRevert.what}
          <button type="button" disabled={busy} data-testid="undo-revert" onClick={() => void undo()}>
            Undo revert
          </button>
        </p>
      )}
      <div className="changes-body">
        <div className="changes-side">
          {turns.length === 0 && <p className="muted">No turn of this session has changed files yet.</p>}
          {turns.map((turn) => (
            <TurnSection key={turn.checkpointId} turn={turn} />
          ))}
          {turns.length > 0 && (
            <button
              type="button"
              className="changes-revert-session"
              data-testid="revert-session"
              disabled={busy}
              onClick={() => ask({ kind: 'session', laterTurns: turns.slice(1).map((t) => t.turn) })}
            >
              Revert to before the session
            </button>
          )}
        </div>
        <div className="changes-diff" aria-label="Diff">
          {selected && diff !== undefined && (
            <DiffView diff={diff} path={selected.path} note={`turn ${selected.turn}`} />
          )}
          {selected && selectedTurn && (
            <button
              type="button"
              data-testid="revert-file"
              disabled={busy}
              title="Put this file back as it was before the turn"
              onClick={() =>
                ask({
                  kind: 'file',
                  checkpointId: selectedTurn.checkpointId,
                  turn: selectedTurn.turn,
                  path: selected.path,
                })
              }
            >
              Revert file
            </button>
          )}
          {!selected && turns.length > 0 && <p className="muted">Choose a file to see its diff.</p>}
        </div>
      </div>
      {asking && <RevertConfirm ask={asking} />}
    </Modal>
  );
}
