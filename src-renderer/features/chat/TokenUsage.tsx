import { formatCost, formatTokens, usageText } from '../../../src-shared/usageText';
import { useChat } from './chatStore';

/** The session's tokens (and cost, where prices are known) in the chat header; the last turn's on hover. */
export function TokenUsage() {
  const usage = useChat((s) => s.usage);
  if (!usage) return null;
  const { turn, session } = usage;
  const cost = session.costUsd === null ? '' : ` · ${formatCost(session.costUsd)}`;
  return (
    <span
      className="token-usage muted"
      data-testid="token-usage"
      title={`Last turn: ${usageText(turn)}\nThis session: ${usageText(session)}`}
    >
      {formatTokens(turn.input + turn.output)} last turn · {formatTokens(session.input + session.output)}{' '}
      tokens
      {cost}
    </span>
  );
}
