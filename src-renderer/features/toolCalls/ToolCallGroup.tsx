import { ToolCallCard } from './ToolCallCard';
import './toolCalls.css';

/** The calls of one assistant message; several are laid out side by side, as they ran. */
export function ToolCallGroup({ ids }: { ids: string[] }) {
  if (ids.length === 0) return null;
  const parallel = ids.length > 1;
  return (
    <div
      className={`tool-call-group${parallel ? ' parallel' : ''}`}
      role="group"
      aria-label={parallel ? `${ids.length} tool calls in parallel` : 'Tool call'}
      data-testid="tool-call-group"
    >
      {ids.map((id) => (
        <ToolCallCard key={id} id={id} />
      ))}
    </div>
  );
}
