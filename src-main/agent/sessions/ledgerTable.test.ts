import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src-shared/approvalsLedger';
import { SCHEMA_V1, sessionsDbPath } from './db';
import { exportSession } from './export';
import { loadSqlite } from './sqlite';
import { SessionStore } from './store';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-ledger-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

function entry(over: Partial<LedgerEntry>): LedgerEntry {
  return {
    id: `e-${Math.random()}`,
    at: 1,
    sessionId: 's1',
    toolCallId: 'c1',
    subjectKind: 'command',
    subject: 'rm -r build',
    keys: ['rm-recursive'],
    reasons: ['deletes recursively'],
    allowed: true,
    decidedBy: 'human',
    rule: null,
    scope: 'once',
    expiresAt: null,
    ...over,
  };
}

describe('approval ledger in the sessions database', () => {
  it('opens a version-1 database, keeps its rows and adds the ledger', () => {
    const { DatabaseSync } = loadSqlite();
    const old = new DatabaseSync(sessionsDbPath(home));
    old.exec(`BEGIN; ${SCHEMA_V1} PRAGMA user_version = 1; COMMIT;
      INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('old-1', 'kept', 1, 1);`);
    old.close();
    const store = SessionStore.open(home);
    try {
      expect(store.getSession('old-1')?.title).toBe('kept');
      store.ledger.record(entry({ sessionId: 'old-1' }));
      expect(store.ledger.list()).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it('lists newest first with filters and a literal search; exports with the session', () => {
    const store = SessionStore.open(home);
    try {
      const s = store.createSession({ title: 't' });
      store.ledger.record(
        entry({
          id: 'a',
          at: 1,
          sessionId: s.id,
          decidedBy: 'hardline',
          allowed: false,
          subject: 'rm -rf /',
        }),
      );
      store.ledger.record(entry({ id: 'b', at: 2, sessionId: s.id, subject: 'echo 100%_done && rm -r x' }));
      store.ledger.record(entry({ id: 'c', at: 3, sessionId: 'other', decidedBy: 'safe', subject: 'ls' }));
      expect(store.ledger.list().map((e) => e.id)).toEqual(['c', 'b', 'a']);
      expect(store.ledger.list({ sessionId: s.id }).map((e) => e.id)).toEqual(['b', 'a']);
      expect(store.ledger.list({ allowed: false }).map((e) => e.id)).toEqual(['a']);
      expect(store.ledger.list({ decidedBy: 'safe' }).map((e) => e.id)).toEqual(['c']);
      expect(store.ledger.list({ search: '100%_' }).map((e) => e.id)).toEqual(['b']);
      expect(store.ledger.list({ search: '%' }).map((e) => e.id)).toEqual(['b']);
      const json = JSON.parse(exportSession(store, s.id, 'json') ?? '{}') as { ledger: LedgerEntry[] };
      expect(json.ledger.map((e) => e.id)).toEqual(['a', 'b']);
      expect(exportSession(store, s.id, 'markdown')).toContain('`rm -rf /`: denied by hardline');
      store.deleteSession(s.id);
      expect(store.ledger.list().map((e) => e.id)).toEqual(['c']);
    } finally {
      store.close();
    }
  });

  it('holds grants across opens; expired ones are not in force; revoke by key or rule key', () => {
    const store = SessionStore.open(home);
    store.ledger.add([
      {
        key: 'session:s1:rm-recursive',
        kind: 'session',
        value: 'rm-recursive',
        sessionId: 's1',
        expiresAt: null,
        createdAt: 1,
      },
      {
        key: 'hour:chmod-777',
        kind: 'hour',
        value: 'chmod-777',
        sessionId: null,
        expiresAt: 100,
        createdAt: 2,
      },
      {
        key: 'session:s2:rm-recursive',
        kind: 'session',
        value: 'rm-recursive',
        sessionId: 's2',
        expiresAt: null,
        createdAt: 3,
      },
    ]);
    store.close();
    const again = SessionStore.open(home);
    try {
      expect(again.ledger.active(50).map((g) => g.key)).toEqual([
        'session:s2:rm-recursive',
        'hour:chmod-777',
        'session:s1:rm-recursive',
      ]);
      expect(again.ledger.active(100).map((g) => g.key)).not.toContain('hour:chmod-777');
      expect(again.ledger.revoke('session:s1:rm-recursive')).toBe(1);
      expect(again.ledger.revoke('rm-recursive')).toBe(1);
      expect(again.ledger.active(50).map((g) => g.key)).toEqual(['hour:chmod-777']);
    } finally {
      again.close();
    }
  });
});
