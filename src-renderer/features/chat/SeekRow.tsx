import { memo } from 'react';
import { useChat } from './chatStore';
import type { MessageView } from './chatReducer';
import { splitAttachments } from '../../../src-shared/attachments';

/** Characters of a message's first line shown while seeking; the rest is clipped anyway. */
const SUMMARY_CHARS = 120;

/**
 * A transcript row drawn while the scrollbar is dragged fast: one line naming the message at the
 * row's known height, not its Markdown and cards. Rows pass the view in a frame at that speed and
 * nobody reads them; drawing them in full made every frame of the drag slow. Real rows come back
 * as soon as the view stops. Not measured: its height is the one the list already holds.
 */
export const SeekRow = memo(function SeekRow({
  index,
  top,
  height,
  messageId,
}: {
  index: number;
  top: number;
  height: number;
  /** Undefined for the marker after a turn. */
  messageId: string | undefined;
}) {
  // Read once, not subscribed: the row lives for a frame or two of a drag.
  const message = messageId ? useChat.getState().messages[messageId] : undefined;
  const role = message?.role === 'user' ? 'user' : 'assistant';
  return (
    <div
      data-index={index}
      className={`transcript-row transcript-seek seek-${role}`}
      style={{ transform: `translateY(${top}px)`, height }}
      aria-hidden="true"
    >
      {message && <div className="transcript-seek-line">{seekSummary(message)}</div>}
    </div>
  );
});

/** The message's first line of text without Markdown marks, or how many tools it called. */
export function seekSummary(message: Pick<MessageView, 'role' | 'content' | 'toolCallIds'>): string {
  const calls = message.toolCallIds.length;
  const count = calls > 0 ? `${calls} tool call${calls === 1 ? '' : 's'}` : '';
  // A prompt's attached files are markup around its text, not its first line.
  const content = message.role === 'user' ? splitAttachments(message.content).text : message.content;
  const text = content.slice(0, 4 * SUMMARY_CHARS);
  const line = text
    .split('\n')
    .map((l) =>
      l
        .replace(/^\s*(?:#{1,6}\s+|[-*+>]\s+|\d+\.\s+)?/, '')
        .replace(/[*_`]/g, '')
        .trim(),
    )
    .find((l) => l !== '');
  const first = line === undefined ? '' : line.slice(0, SUMMARY_CHARS);
  return first && count ? `${first} · ${count}` : first || count;
}
