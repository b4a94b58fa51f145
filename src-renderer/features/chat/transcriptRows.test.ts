import { describe, expect, it } from 'vitest';
import { appendAttachments, fileBlock } from '../../../src-shared/attachments';
import type { MessageView, ToolCallState } from './chatReducer';
import { estimateRowHeight, rowOfMessage, rowPlainText, transcriptRows } from './transcriptRows';

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

describe('rowPlainText', () => {
  const call = (id: string, name: string, argsPreview: string, status: ToolCallState['status']) =>
    ({ id, name, argsPreview, status }) as ToolCallState;
  const chat = {
    messages: {
      a1: message('a1', 'assistant', '  ## Step 1\n\nText  ', ['c1', 'c2', 'gone']),
      a2: message('a2', 'assistant', '', ['c3']),
      u1: message('u1', 'user', 'Please look'),
    },
    toolCalls: {
      c1: call('c1', 'terminal', 'npm test', 'ok'),
      c2: call('c2', 'read_file', '', 'error'),
      c3: call('c3', 'terminal', 'rm -rf ~', 'denied'),
    },
  };

  it('gives the message as written, then a line for each call it still has', () => {
    expect(rowPlainText({ key: 'a1', messageId: 'a1' }, chat)).toBe(
      '## Step 1\n\nText\nterminal npm test (ok)\nread_file (error)',
    );
    expect(rowPlainText({ key: 'a2', messageId: 'a2' }, chat)).toBe('terminal rm -rf ~ (denied)');
    expect(rowPlainText({ key: 'u1', messageId: 'u1' }, chat)).toBe('Please look');
  });

  it('gives a prompt as typed, with the names of what it attached but not their text', () => {
    const typed = appendAttachments('Read these', [
      { server: 'docs', uri: 'docs://a', name: 'guide.md', text: 'SECRET GUIDE TEXT' },
    ]);
    const withFile = typed + fileBlock({ kind: 'text', name: 'notes.txt', mime: 'text/plain' }, 'FILE TEXT');
    const prompt = { messages: { u2: message('u2', 'user', withFile) }, toolCalls: {} };
    expect(rowPlainText({ key: 'u2', messageId: 'u2' }, prompt)).toBe('Read these\n[guide.md] [notes.txt]');
  });

  it('gives nothing for a turn marker, a missing row or a message gone from the chat', () => {
    expect(rowPlainText({ key: 'turn-1', turnEnd: 1 }, chat)).toBe('');
    expect(rowPlainText(undefined, chat)).toBe('');
    expect(rowPlainText({ key: 'x', messageId: 'x' }, chat)).toBe('');
  });
});
