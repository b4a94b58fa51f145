import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionDetail } from './sessions';
import { TranscriptCache } from './transcriptCache';
import { SessionStore } from '../agent/sessions/store';

let home: string;
let store: SessionStore;
let transcripts: TranscriptCache;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-transcripts-'));
  store = SessionStore.open(home);
  transcripts = new TranscriptCache();
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

/** A session with a command's call and its result. */
function session(title: string): string {
  const s = store.createSession({ title });
  store.appendMessage(s.id, { role: 'user', content: `${title}: list the files` });
  store.appendMessage(s.id, {
    role: 'assistant',
    content: '',
    tool_calls: [{ id: `${s.id}-call`, type: 'function', function: { name: 'terminal', arguments: '{}' } }],
  });
  const handle = store.startToolCall(s.id, { id: `${s.id}-call`, name: 'terminal', args: '{}' });
  store.finishToolCall(handle, { result: '{"output":"a b c","exit_code":0}', status: 'ok', durationMs: 2 });
  store.appendMessage(s.id, { role: 'tool', tool_call_id: `${s.id}-call`, content: 'a b c' });
  return s.id;
}

const open = (id: string, toolsGeneration = 1, emoji = '💻') =>
  sessionDetail(store, id, () => emoji, undefined, { transcripts, toolsGeneration });

describe('sessions.get with kept transcripts', () => {
  it('answers a session opened again with the transcript it shaped, while nothing changed', () => {
    const id = session('one');
    const first = open(id);
    const again = open(id);
    expect(again.messages).toBe(first.messages);
    expect(again).toEqual(first);
    // The same as shaping it afresh.
    expect(again).toEqual(sessionDetail(store, id, () => '💻'));
  });

  it('shapes it again after any write, in this session or another', () => {
    const id = session('one');
    const other = session('two');
    const first = open(id);
    store.appendMessage(id, { role: 'assistant', content: 'Done: three files.' });
    const after = open(id);
    expect(after.messages.at(-1)?.content).toBe('Done: three files.');
    expect(open(id).messages).toBe(after.messages);
    // A call finishing elsewhere changes nothing here, but is a write all the same.
    store.appendMessage(other, { role: 'user', content: 'next' });
    expect(open(id).messages).not.toBe(after.messages);
    expect(open(id).messages).toEqual(after.messages);
    expect(first.messages).toHaveLength(2);
  });

  it('shapes it again after another process wrote to the database', () => {
    const id = session('one');
    const first = open(id);
    const elsewhere = SessionStore.open(home);
    try {
      elsewhere.appendMessage(id, { role: 'assistant', content: 'Written by the CLI.' });
    } finally {
      elsewhere.close();
    }
    const after = open(id);
    expect(after.messages).not.toBe(first.messages);
    expect(after.messages.at(-1)?.content).toBe('Written by the CLI.');
  });

  it('shapes it again when the tools changed, so cards show their tool as it is now', () => {
    const id = session('one');
    const first = open(id, 1, '💻');
    const after = open(id, 2, '🖥️');
    expect(first.messages[1]?.toolCalls[0]?.emoji).toBe('💻');
    expect(after.messages[1]?.toolCalls[0]?.emoji).toBe('🖥️');
  });

  it('keeps the two sessions last opened', () => {
    const [a, b, c] = [session('a'), session('b'), session('c')];
    const firstA = open(a).messages;
    const firstB = open(b).messages;
    expect(open(a).messages).toBe(firstA);
    open(c);
    // b was opened longest ago: it is shaped again; a and c are kept.
    expect(open(b).messages).not.toBe(firstB);
    expect(open(c).messages).toBe(open(c).messages);
  });
});
