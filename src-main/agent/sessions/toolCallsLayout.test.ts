import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateSessionsDb, openSessionsDb } from './db';
import { loadSqlite, type Database } from './sqlite';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-calls-layout-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const BIG = (seed: string) => JSON.stringify({ output: `${seed}\n`.repeat(6_000), exit_code: 0 });
const STATUSES = ['running', 'ok', 'error', 'stopped', 'interrupted'] as const;

/** A version-14 database (before the rebuild) with calls in every status, some with long output. */
function writeVersion14(path: string): void {
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  migrateSessionsDb(db, 14);
  db.exec(
    `INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('s1', 'a', 1, 1), ('s2', 'b', 1, 1);`,
  );
  const insert = db.prepare(
    `INSERT INTO tool_calls (session_id, call_id, name, args, result, status, duration_ms, started_at,
       batch, ok, refusal, exit_code, file_diff, owner, wait_ms) VALUES (?, ?, 'terminal', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  STATUSES.forEach((status, i) => {
    for (const session of ['s1', 's2']) {
      const done = status !== 'running';
      insert.run(
        session,
        `${session}-${status}`,
        JSON.stringify({ command: `echo ${i}` }),
        done ? (i % 2 ? BIG(status) : JSON.stringify({ output: status })) : null,
        status,
        done ? i * 10.5 : null,
        1_000 + i,
        i % 2 ? 'batch-1' : null,
        done ? (status === 'ok' ? 1 : 0) : null,
        status === 'error' ? JSON.stringify({ kind: 'denied', decidedBy: 'user' }) : null,
        done ? i : null,
        status === 'ok' ? JSON.stringify({ path: 'a.ts', diff: '+x' }) : null,
        status === 'running' ? '123:456' : null,
        i ? i * 2.5 : null,
      );
    }
  });
  // The newest call was deleted: its id must not be given again.
  db.exec(`DELETE FROM tool_calls WHERE id = (SELECT max(id) FROM tool_calls);`);
  db.close();
}

const rows = (db: Database) =>
  db
    .prepare(
      `SELECT id, session_id, call_id, name, args, result, status, duration_ms, started_at, batch, ok,
              refusal, exit_code, file_diff, owner, wait_ms FROM tool_calls ORDER BY id`,
    )
    .all();
const schemaOf = (db: Database) =>
  db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'tool_calls' AND type != 'table' ORDER BY name`,
    )
    .all();

describe('tool_calls with its large columns last (v16)', () => {
  it('keeps every call exactly, its indexes, triggers and views, and the next id', () => {
    const path = join(home, 'sessions.db');
    writeVersion14(path);
    const { DatabaseSync } = loadSqlite();
    const old = new DatabaseSync(path);
    // What a later migration might hang on the table: a search index over outputs, and a view.
    old.exec(`
      CREATE VIRTUAL TABLE call_fts USING fts5(result, content='tool_calls', content_rowid='id');
      INSERT INTO call_fts(call_fts) VALUES ('rebuild');
      CREATE TRIGGER call_fts_insert AFTER INSERT ON tool_calls WHEN new.result IS NOT NULL
      BEGIN INSERT INTO call_fts(rowid, result) VALUES (new.id, new.result); END;
      CREATE VIEW failed_calls AS SELECT call_id FROM tool_calls WHERE status = 'error';`);
    const before = { rows: rows(old), schema: schemaOf(old) };
    const maxBefore = (old.prepare('SELECT max(id) AS n FROM tool_calls').get() as { n: number }).n;
    old.close();

    const db = openSessionsDb(path);
    try {
      expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(16);
      const columns = (db.prepare('PRAGMA table_info(tool_calls)').all() as { name: string }[]).map(
        (c) => c.name,
      );
      expect(columns.slice(-3)).toEqual(['args', 'file_diff', 'result']);
      expect(rows(db)).toEqual(before.rows);
      expect(schemaOf(db)).toEqual(before.schema);
      expect(before.schema.map((e) => e.name)).toEqual(
        expect.arrayContaining(['tool_calls_session', 'tool_calls_running', 'call_fts_insert']),
      );
      expect(db.prepare('SELECT call_id FROM failed_calls ORDER BY call_id').all()).toEqual([
        { call_id: 's1-error' },
        { call_id: 's2-error' },
      ]);
      expect(db.prepare(`PRAGMA integrity_check`).get()).toEqual({ integrity_check: 'ok' });
      expect(db.prepare(`PRAGMA foreign_key_check`).all()).toEqual([]);
      // The running-calls index is the one the orphan scan uses.
      const plan = db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT id FROM tool_calls WHERE status = 'running' AND session_id = 's1'`,
        )
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join()).toContain('tool_calls_running');
      // New calls get ids past the deleted one and reach the search index through the trigger.
      db.exec(`INSERT INTO tool_calls (session_id, call_id, name, args, result, status, started_at)
        VALUES ('s1', 'new', 'terminal', '{}', 'zanzibarquokka', 'ok', 9)`);
      const added = db.prepare(`SELECT id FROM tool_calls WHERE call_id = 'new'`).get() as { id: number };
      expect(added.id).toBe(maxBefore + 2);
      expect(db.prepare(`SELECT rowid FROM call_fts WHERE call_fts MATCH 'zanzibarquokka'`).all()).toEqual([
        { rowid: added.id },
      ]);
      expect(db.prepare(`SELECT count(*) AS n FROM call_fts WHERE call_fts MATCH 'stopped'`).get()).toEqual({
        n: 2,
      });
      // Deleting a session still takes its calls with it.
      db.exec(`DELETE FROM sessions WHERE id = 's2'`);
      expect(db.prepare(`SELECT DISTINCT session_id FROM tool_calls`).all()).toEqual([{ session_id: 's1' }]);
    } finally {
      db.close();
    }
  });
});
