import { Icon } from '../../ui/Icon';
import { chipSummary } from './changeWords';
import { useChanges } from './changesStore';

/** The end of a turn that changed files: what it changed, opening the Changes pane on it. */
export function TurnChip({ turn }: { turn: number }) {
  const changes = useChanges((s) => s.changes?.turns.find((t) => t.turn === turn));
  if (!changes || changes.running || changes.files_changed === 0) return null;
  return (
    <button
      type="button"
      className="turn-changes"
      data-testid="turn-changes"
      title="See and undo what this turn changed"
      onClick={() => useChanges.getState().show(turn)}
    >
      <Icon name="file" /> {chipSummary(changes)}
    </button>
  );
}
