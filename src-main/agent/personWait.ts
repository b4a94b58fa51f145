import type { ApprovalRecord } from '../../src-shared/sessions';

/**
 * How long a call waited for a person between `from` and `to`: the union of its approval
 * questions' open spans (one still open counts up to `to`). A card shows the command's own
 * time apart from this wait.
 */
export function personWaitMs(
  approvals: readonly ApprovalRecord[],
  toolCallId: string,
  from: number,
  to: number,
): number {
  const spans = approvals
    .filter((a) => a.toolCallId === toolCallId)
    .map((a) => [Math.max(from, a.askedAt), Math.min(to, a.answeredAt ?? to)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = from;
  for (const [start, end] of spans) {
    const s = Math.max(start, reached);
    if (end > s) total += end - s;
    reached = Math.max(reached, end);
  }
  return total;
}
