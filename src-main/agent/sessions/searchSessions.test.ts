import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSqlite } from './sqlite';
import { SessionStore } from './store';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-search-'));
  store = SessionStore.open(home);
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  store.close();
  await rm(home, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 0, 1);

/** A session whose only mention of `word` is in a tool's output, many times over. */
function toolOnly(title: string, word: string): string {
  const s = store.createSession({ title });
  store.appendMessage(s.id, { role: 'user', content: 'run the build' });
  store.appendMessage(s.id, {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'terminal', arguments: '{}' } }],
  });
  store.appendMessage(s.id, { role: 'tool', tool_call_id: 'c1', content: `${word} `.repeat(40) });
  return s.id;
}

describe('searching sessions', () => {
  it('lists sessions whose text matches before those matching only in tool output', () => {
    vi.setSystemTime(T0);
    const said = store.createSession({ title: 'said' });
    store.appendMessage(said.id, {
      role: 'user',
      content: 'a long question that mentions walrus once among many other words',
    });
    vi.setSystemTime(T0 + 1);
    // Newer, and its output says the word forty times: ranked with the text, it would come first.
    const output = toolOnly('output', 'walrus');
    const hits = store.searchSessions('walrus');
    expect(hits.map((h) => h.sessionId)).toEqual([said.id, output]);
    expect(hits[1]?.role).toBe('tool');
    expect(hits[1]?.snippet).toContain('>>>walrus<<<');
  });

  it('finds sessions by words found only in tool output, newest first, and by any word when no session has all', () => {
    vi.setSystemTime(T0);
    const older = toolOnly('older', 'zanzibar');
    vi.setSystemTime(T0 + 1);
    const newer = toolOnly('newer', 'zanzibar');
    expect(store.searchSessions('zanzibar').map((h) => h.sessionId)).toEqual([newer, older]);
    expect(store.searchSessions('zanz').map((h) => h.sessionId)).toEqual([newer, older]);
    expect(store.searchSessions('zanzibar nowhere').map((h) => h.sessionId)).toEqual([newer, older]);
    expect(store.searchSessions('nowhere')).toEqual([]);
  });

  it('stops at the limit and forgets a deleted session', () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      vi.setSystemTime(T0 + i);
      const s = store.createSession({ title: `s${i}` });
      store.appendMessage(s.id, { role: 'assistant', content: `otter number ${i}` });
      ids.push(s.id);
    }
    expect(store.searchSessions('otter', 4)).toHaveLength(4);
    store.deleteSession(ids[0] ?? '');
    const left = store.searchSessions('otter').map((h) => h.sessionId);
    expect(left).toHaveLength(5);
    expect(left).not.toContain(ids[0]);
  });
});

describe('the text index of an existing database', () => {
  it('is filled from the messages stored before it existed', () => {
    const said = store.createSession({ title: 'said' });
    store.appendMessage(said.id, { role: 'user', content: 'the narwhal question' });
    const ran = toolOnly('ran', 'narwhal');
    store.close();
    // Back to version 14, which had no text index.
    const path = join(home, 'sessions.db');
    const { DatabaseSync } = loadSqlite();
    const old = new DatabaseSync(path);
    old.exec(`DROP TRIGGER IF EXISTS messages_text_fts_insert; DROP TRIGGER IF EXISTS messages_text_fts_delete;
      DROP TABLE IF EXISTS messages_text_fts; PRAGMA user_version = 14;`);
    old.close();
    store = SessionStore.open(home);
    expect(store.searchSessions('narwhal').map((h) => [h.sessionId, h.role])).toEqual([
      [said.id, 'user'],
      [ran, 'tool'],
    ]);
  });
});
