import { shownPrompt } from '../../../src-shared/attachments';
import type { MessageView, ToolCallState } from './chatReducer';

/** One row of the virtual transcript: a message, or the marker after a turn. */
export type TranscriptRow = { key: string; messageId: string } | { key: string; turnEnd: number };

/**
 * The rows of a chat: its user and assistant messages in order, with a marker after each turn (a
 * turn is a prompt and what answered it). Roles never change, so the rows change only with `order`.
 */
export function transcriptRows(order: string[], messages: Record<string, MessageView>): TranscriptRow[] {
  const rows: TranscriptRow[] = [];
  let turn = 0;
  for (const id of order) {
    const role = messages[id]?.role;
    if (role !== 'user' && role !== 'assistant') continue;
    if (role === 'user') {
      if (turn > 0) rows.push({ key: `turn-${turn}`, turnEnd: turn });
      turn++;
    }
    rows.push({ key: id, messageId: id });
  }
  if (turn > 0) rows.push({ key: `turn-${turn}`, turnEnd: turn });
  return rows;
}

/** Guesses by message: the list asks again for every unmeasured row whenever a row is measured. */
const estimates = new WeakMap<MessageView, number>();

/** A first guess at a row's height in pixels, before it is drawn and measured. */
export function estimateRowHeight(row: TranscriptRow | undefined, message: MessageView | undefined): number {
  if (!row || 'turnEnd' in row || !message) return 0;
  if (message.role === 'user') return 60;
  let height = estimates.get(message);
  if (height === undefined) {
    const lines = message.content ? message.content.split('\n').length : 0;
    height = 14 + lines * 22 + message.toolCallIds.length * 44;
    estimates.set(message, height);
  }
  return height;
}

/** The row of a message, or -1. */
export function rowOfMessage(rows: TranscriptRow[], messageId: string): number {
  return rows.findIndex((row) => 'messageId' in row && row.messageId === messageId);
}

/**
 * A row's text when it is not drawn: the message as written, then a line for each tool call
 * (its name and arguments, and how it ended). A prompt gives the text typed and the names of
 * what it attached, as its chips show them, not the attached files' text. A turn's end marker
 * has none.
 */
export function rowPlainText(
  row: TranscriptRow | undefined,
  chat: { messages: Record<string, MessageView>; toolCalls: Record<string, ToolCallState> },
): string {
  const message = row && 'messageId' in row ? chat.messages[row.messageId] : undefined;
  if (!message) return '';
  if (message.role === 'user') {
    const { text, names } = shownPrompt(message.content);
    return [text.trim(), names.map((name) => `[${name}]`).join(' ')].filter(Boolean).join('\n');
  }
  const calls = message.toolCallIds.flatMap((id) => {
    const call = chat.toolCalls[id];
    return call ? [`${call.name} ${call.argsPreview}`.trim() + ` (${call.status})`] : [];
  });
  return [message.content.trim(), ...calls].filter(Boolean).join('\n');
}
