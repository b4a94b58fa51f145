import { describe, expect, it } from 'vitest';
import type { MessageView } from './chatReducer';
import { estimateRowHeight, rowOfMessage, transcriptRows } from './transcriptRows';

const message = (
  id: string,
  role: MessageView['role'],
  content = '',
  toolCallIds: string[] = [],
): MessageView => ({
  id,
  role,
  content,
  toolCallIds,
  createdAt: 0,
});

describe('transcriptRows', () => {
  const messages = Object.fromEntries(
    [
      message('u1', 'user', 'hi'),
      message('a1', 'assistant', 'one\ntwo', ['c1', 'c2']),
      message('t1', 'tool', 'output'),
      message('u2', 'user', 'again'),
      message('a2', 'assistant', 'done'),
    ].map((m) => [m.id, m]),
  );
  const rows = transcriptRows(['u1', 'a1', 't1', 'u2', 'a2'], messages);

  it('shows user and assistant messages with a marker after each turn', () => {
    expect(rows.map((r) => r.key)).toEqual(['u1', 'a1', 'turn-1', 'u2', 'a2', 'turn-2']);
    expect(rowOfMessage(rows, 'u2')).toBe(3);
    expect(rowOfMessage(rows, 't1')).toBe(-1);
  });

  it('guesses taller rows for longer messages and more calls, and nothing for a turn marker', () => {
    expect(estimateRowHeight(rows[2], undefined)).toBe(0);
    const short = estimateRowHeight(rows[4], messages.a2);
    const long = estimateRowHeight(rows[1], messages.a1);
    expect(long).toBeGreaterThan(short);
  });
});
