import { Modal } from '../../ui/Modal';
import { turnList } from './changeWords';
import { useChanges, type RevertAsk } from './changesStore';

function what(ask: RevertAsk) {
  if (ask.kind === 'file')
    return (
      <>
        <code>{ask.path}</code> goes back to how it was before turn {ask.turn}.
      </>
    );
  if (ask.kind === 'turn') return <>The workspace goes back to how it was before turn {ask.turn}.</>;
  return <>The workspace goes back to how it was before this session’s first turn.</>;
}

/** Asks before a revert, saying what else it undoes; every revert can itself be undone. */
export function RevertConfirm({ ask }: { ask: RevertAsk }) {
  const { confirm } = useChanges.getState();
  const cancel = () => useChanges.getState().ask(undefined);
  const later = ask.kind === 'file' ? [] : ask.laterTurns;
  return (
    <Modal title="Revert changes?" role="alertdialog" onEscape={cancel} testId="revert-confirm">
      <p>{what(ask)}</p>
      {later.length > 0 && (
        <p data-testid="revert-later-turns">This also undoes what later turns changed: {turnList(later)}.</p>
      )}
      <p className="muted">
        The session’s running commands are stopped first. The current state is checkpointed, so you can undo
        the revert.
      </p>
      <div className="changes-confirm-actions">
        <button type="button" onClick={cancel}>
          Cancel
        </button>
        <button type="button" className="primary" data-testid="revert-yes" onClick={() => void confirm()}>
          Revert
        </button>
      </div>
    </Modal>
  );
}
