import type { ToolRefusal as Refusal } from '../../../src-shared/ipc/chatSchemas';
import { MaskIcon } from '../../ui/Icon';

/** A refused command in plain words: what, why, the rule, who decided, and what the user can do. */
export function ToolRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <div className={`tool-refusal refusal-${refusal.kind}`} data-testid="tool-refusal" role="note">
      <MaskIcon name={refusal.kind === 'blocked' ? 'ban' : 'hand'} />
      <div>
        <strong className="tool-refusal-title">{refusal.title}</strong>
        <p>{refusal.reason}</p>
        {refusal.rule && (
          <p>
            Rule: <code>{refusal.rule}</code>
          </p>
        )}
        {refusal.note && <p>Your note to the agent: “{refusal.note}”</p>}
        {refusal.decidedBy && (
          <p className="muted tool-refusal-decider">
            Decided by: <code>{refusal.decidedBy}</code>
          </p>
        )}
        <p className="muted">{refusal.advice}</p>
      </div>
    </div>
  );
}
