import { useChat } from '../chat/chatStore';
import { batchRuns } from './batchRuns';
import { ToolCallCard } from './ToolCallCard';
import './toolCalls.css';

/**
 * The calls of one assistant message as they ran: the calls of a parallel batch side by side in
 * one group, calls that ran one by one each on its own.
 */
export function ToolCallGroup({ ids }: { ids: string[] }) {
  // A string, so the selector's result compares equal until a batch id changes.
  const batches = useChat((s) => ids.map((id) => s.toolCalls[id]?.batch ?? '').join('\n'));
  if (ids.length === 0) return null;
  const batchOf = new Map(ids.map((id, i) => [id, batches.split('\n')[i] || undefined]));
  return (
    <div className="tool-call-list">
      {batchRuns(ids, (id) => batchOf.get(id)).map((run) =>
        run.parallel ? (
          <div
            key={run.ids[0]}
            className="tool-call-group parallel"
            role="group"
            aria-label={`${run.ids.length} tool calls in parallel`}
            data-testid="tool-call-group"
          >
            <div className="tool-call-group-caption muted">Ran in parallel · {run.ids.length} calls</div>
            {run.ids.map((id) => (
              <ToolCallCard key={id} id={id} />
            ))}
          </div>
        ) : (
          <ToolCallCard key={run.ids[0]} id={run.ids[0] ?? ''} />
        ),
      )}
    </div>
  );
}
