import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSessionsDb, SCHEMA_V1 } from './db';
import { loadSqlite } from './sqlite';
import { SessionStore } from './store';
import { storedToolCallViews } from '../toolCards';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-sessions-mig-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const LEDGER_V2 = `CREATE TABLE approval_ledger (id TEXT PRIMARY KEY, at INTEGER NOT NULL,
  session_id TEXT NOT NULL, tool_call_id TEXT NOT NULL, subject_kind TEXT NOT NULL, subject TEXT NOT NULL,
  keys TEXT NOT NULL, reasons TEXT NOT NULL, allowed INTEGER NOT NULL, decided_by TEXT NOT NULL,
  rule TEXT, scope TEXT, expires_at INTEGER);
  CREATE TABLE approval_grants (key TEXT PRIMARY KEY, kind TEXT NOT NULL, value TEXT NOT NULL,
  session_id TEXT, expires_at INTEGER, created_at INTEGER NOT NULL);
  INSERT INTO approval_grants VALUES ('hour:rm-recursive', 'hour', 'rm-recursive', NULL, 99, 1);`;

/** A version-2 database as either earlier build wrote it: both numbered their change 2. */
function writeVersionTwo(path: string, extra: string): void {
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(path);
  db.exec(`BEGIN; ${SCHEMA_V1} ${extra} PRAGMA user_version = 2; COMMIT;`);
  db.exec(`INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('old', 'kept', 1, 1);`);
  db.close();
}

function shape(path: string) {
  const db = openSessionsDb(path);
  try {
    const columns = (db.prepare('PRAGMA table_info(sessions)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    const tables = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    return { columns, tables, version, db };
  } catch (error) {
    db.close();
    throw error;
  }
}

describe('sessions database migrations', () => {
  it.each([
    ['a new database', null],
    ['a version-2 database with workspaces', 'ALTER TABLE sessions ADD COLUMN workspace TEXT;'],
    ['a version-2 database with the approvals ledger', LEDGER_V2],
  ])(
    'brings %s to version 16 with the workspace column, the ledger, the terminal screens, call batches, outcomes, file diffs, token usage, call owners, run states, worktrees, the paging indexes, the text index and large call columns last',
    (_name, extra) => {
      const path = join(home, 'sessions.db');
      if (extra !== null) writeVersionTwo(path, extra);
      const { columns, tables, version, db } = shape(path);
      try {
        expect(version).toBe(16);
        const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index'`).all() as {
          name: string;
        }[];
        expect(indexes.map((i) => i.name)).toEqual(
          expect.arrayContaining(['sessions_recent', 'tool_calls_running']),
        );
        const callColumns = db.prepare('PRAGMA table_info(tool_calls)').all() as { name: string }[];
        expect(callColumns.map((c) => c.name)).toEqual(
          expect.arrayContaining(['batch', 'ok', 'refusal', 'exit_code', 'file_diff', 'owner', 'wait_ms']),
        );
        expect(columns).toContain('workspace');
        expect(tables).toEqual(
          expect.arrayContaining([
            'sessions',
            'approval_ledger',
            'approval_grants',
            'terminal_screens',
            'model_usage',
            'session_run_states',
            'session_worktrees',
            'messages_text_fts',
          ]),
        );
        if (extra !== null) {
          expect(db.prepare(`SELECT title FROM sessions WHERE id = 'old'`).get()).toEqual({ title: 'kept' });
        }
        if (extra === LEDGER_V2) {
          expect(db.prepare('SELECT key FROM approval_grants').all()).toEqual([{ key: 'hour:rm-recursive' }]);
        }
      } finally {
        db.close();
      }
      // Opening again changes nothing.
      const again = shape(path);
      again.db.close();
      expect(again.version).toBe(16);
    },
  );

  it('makes titles stored with Markdown plain text, once', () => {
    const path = join(home, 'sessions.db');
    const { DatabaseSync } = loadSqlite();
    const old = new DatabaseSync(path);
    old.exec(`BEGIN; ${SCHEMA_V1} PRAGMA user_version = 1; COMMIT;`);
    old.exec(`INSERT INTO sessions (id, title, created_at, updated_at)
      VALUES ('md', '**Fix** the \`build\` script', 1, 1), ('plain', 'Plain title', 1, 1);`);
    old.close();
    const { db } = shape(path);
    try {
      expect(db.prepare('SELECT id, title FROM sessions ORDER BY id').all()).toEqual([
        { id: 'md', title: 'Fix the build script' },
        { id: 'plain', title: 'Plain title' },
      ]);
    } finally {
      db.close();
    }
  });

  it('renames a stored call the user stopped from `cancelled` to `stopped`', () => {
    const path = join(home, 'sessions.db');
    const { DatabaseSync } = loadSqlite();
    const old = new DatabaseSync(path);
    old.exec(`BEGIN; ${SCHEMA_V1} PRAGMA user_version = 1; COMMIT;`);
    old.exec(`INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('s', 't', 1, 1);
      INSERT INTO tool_calls (session_id, call_id, name, args, status, started_at)
      VALUES ('s', 'c1', 'terminal', '{}', 'cancelled', 1), ('s', 'c2', 'terminal', '{}', 'ok', 1);`);
    old.close();
    const { db } = shape(path);
    try {
      expect(db.prepare('SELECT call_id, status FROM tool_calls ORDER BY call_id').all()).toEqual([
        { call_id: 'c1', status: 'stopped' },
        { call_id: 'c2', status: 'ok' },
      ]);
    } finally {
      db.close();
    }
  });

  it('keeps a version-6 call without an outcome, and its card still reads the refusal from its text', () => {
    const path = join(home, 'sessions.db');
    const { DatabaseSync } = loadSqlite();
    const old = new DatabaseSync(path);
    old.exec(`BEGIN; ${SCHEMA_V1} ALTER TABLE sessions ADD COLUMN workspace TEXT;
      ALTER TABLE tool_calls ADD COLUMN batch TEXT; PRAGMA user_version = 6; COMMIT;`);
    const result = JSON.stringify({ error: 'no', approval: 'denied', decided_by: 'user' });
    old.exec(`INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('s', 't', 1, 1);
      INSERT INTO messages (session_id, role, tool_calls, created_at) VALUES ('s', 'assistant',
        '[{"id":"c1","type":"function","function":{"name":"terminal","arguments":"{}"}}]', 1);`);
    old
      .prepare(
        `INSERT INTO tool_calls (session_id, call_id, name, args, result, status, started_at)
         VALUES ('s', 'c1', 'terminal', '{}', ?, 'error', 1)`,
      )
      .run(result);
    old.close();
    const store = SessionStore.openAt(path);
    try {
      expect(store.toolCalls('s')).toEqual([expect.objectContaining({ id: 'c1', ok: null, refusal: null })]);
      expect(storedToolCallViews(store, 's').get('c1')).toMatchObject({
        status: 'denied',
        refusal: { title: 'Denied by you' },
      });
    } finally {
      store.close();
    }
  });
});
