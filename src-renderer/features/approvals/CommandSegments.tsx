import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';

/** The parts of the command that triggered the warning, each with the rule keys it matched. */
export function CommandSegments({ segments }: { segments: ApprovalRequest['segments'] }) {
  if (segments.length === 0) return null;
  return (
    <>
      <h3>Triggered by</h3>
      <ul className="approval-segments">
        {segments.map((segment) => (
          <li key={`${segment.start}-${segment.end}`}>
            <code>{segment.text}</code>
            {segment.keys.length > 0 && <span className="muted"> — {segment.keys.join(', ')}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
