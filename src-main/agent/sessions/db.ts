import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SCREENS_SCHEMA } from './screensTable';
import { loadSqlite, type Database } from './sqlite';
import { RUN_STATES_SCHEMA } from './runStatesTable';
import { USAGE_SCHEMA } from './usageTable';
import { WORKTREES_SCHEMA } from './worktreesTable';
import { stripMarkdown } from './title';
import { moveLargeToolCallColumnsLast } from './toolCallsLayout';

/** The first schema; later versions are the migrations below, applied in order. */
export const SCHEMA_V1 = `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL DEFAULT '',
  parent_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
  model TEXT,
  source TEXT NOT NULL DEFAULT 'cli',
  system_prompt TEXT,
  todos TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_updated ON sessions(updated_at DESC);
CREATE INDEX IF NOT EXISTS sessions_parent ON sessions(parent_id);

CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  content TEXT,
  tool_calls TEXT,
  tool_call_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_session ON messages(session_id, id);

CREATE VIRTUAL TABLE IF NOT EXISTS messages_fts USING fts5(
  content, content='messages', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER IF NOT EXISTS messages_fts_insert AFTER INSERT ON messages WHEN new.content IS NOT NULL
BEGIN
  INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content);
END;
CREATE TRIGGER IF NOT EXISTS messages_fts_delete AFTER DELETE ON messages WHEN old.content IS NOT NULL
BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;

CREATE TABLE IF NOT EXISTS tool_calls (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  call_id TEXT NOT NULL,
  name TEXT NOT NULL,
  args TEXT NOT NULL,
  result TEXT,
  status TEXT NOT NULL,
  duration_ms REAL,
  started_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tool_calls_session ON tool_calls(session_id, id);

CREATE TABLE IF NOT EXISTS approvals (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  tool_call_id TEXT,
  command TEXT NOT NULL,
  reasons TEXT NOT NULL,
  decision TEXT,
  decided_by TEXT,
  asked_at INTEGER NOT NULL,
  answered_at INTEGER
);
CREATE INDEX IF NOT EXISTS approvals_session ON approvals(session_id);
`;

/**
 * Version 3: every decision of the approval gate, and the grants it holds between answers.
 * No foreign key: one-shot CLI calls decide for sessions that are never stored.
 */
const APPROVALS_SCHEMA = `
CREATE TABLE IF NOT EXISTS approval_ledger (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  session_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  subject_kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  keys TEXT NOT NULL,
  reasons TEXT NOT NULL,
  allowed INTEGER NOT NULL,
  decided_by TEXT NOT NULL,
  rule TEXT,
  scope TEXT,
  expires_at INTEGER
);
CREATE INDEX IF NOT EXISTS approval_ledger_session ON approval_ledger(session_id, at);
CREATE INDEX IF NOT EXISTS approval_ledger_at ON approval_ledger(at DESC);

CREATE TABLE IF NOT EXISTS approval_grants (
  key TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  session_id TEXT,
  expires_at INTEGER,
  created_at INTEGER NOT NULL
);
`;

/**
 * Version 15: what people and the model wrote (user and assistant messages) indexed apart from
 * tool output, so the sidebar's search ranks this small index first and reads the whole one
 * (messages_fts) only for sessions it did not find here. Same tokenizer: the same words match.
 */
const TEXT_FTS_SCHEMA = `
CREATE VIRTUAL TABLE messages_text_fts USING fts5(
  content, content='messages', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER messages_text_fts_insert AFTER INSERT ON messages
WHEN new.content IS NOT NULL AND new.role IN ('user', 'assistant')
BEGIN
  INSERT INTO messages_text_fts(rowid, content) VALUES (new.id, new.content);
END;
CREATE TRIGGER messages_text_fts_delete AFTER DELETE ON messages
WHEN old.content IS NOT NULL AND old.role IN ('user', 'assistant')
BEGIN
  INSERT INTO messages_text_fts(messages_text_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
INSERT INTO messages_text_fts(rowid, content)
  SELECT id, content FROM messages WHERE content IS NOT NULL AND role IN ('user', 'assistant');
`;

/** Adds a column unless the table already has it. */
function addColumnIfMissing(db: Database, table: string, column: string, type: string): void {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type};`);
}

/**
 * Index i takes a database from user_version i to i + 1. Two earlier builds each numbered their
 * own version 2 (one added the workspace column, the other the approvals tables), so from v2 on
 * every step tolerates what is already there and v3 completes whichever half is missing.
 */
const MIGRATIONS: readonly ((db: Database) => void)[] = [
  (db) => db.exec(SCHEMA_V1),
  // v2: the folder a session works in; sessions from before have none (NULL).
  (db) => addColumnIfMissing(db, 'sessions', 'workspace', 'TEXT'),
  // v3: the approvals ledger and grants.
  (db) => {
    db.exec(APPROVALS_SCHEMA);
    addColumnIfMissing(db, 'sessions', 'workspace', 'TEXT');
  },
  // v4: a call the user stopped is `stopped`, the word every other layer uses.
  (db) => db.exec(`UPDATE tool_calls SET status = 'stopped' WHERE status = 'cancelled';`),
  // v5: the final screen of each session's terminal tab.
  (db) => db.exec(SCREENS_SCHEMA),
  // v6: the parallel batch a tool call ran in, so a reload groups the calls as they ran.
  (db) => addColumnIfMissing(db, 'tool_calls', 'batch', 'TEXT'),
  // v7: what the outcome said (success, the gate's refusal, the exit code), so a reloaded card
  // need not read it back out of the text; rows from before keep ok NULL.
  (db) => {
    addColumnIfMissing(db, 'tool_calls', 'ok', 'INTEGER');
    addColumnIfMissing(db, 'tool_calls', 'refusal', 'TEXT');
    addColumnIfMissing(db, 'tool_calls', 'exit_code', 'INTEGER');
  },
  // v8: titles stored before titles were made plain text lose their Markdown, once.
  (db) => {
    const rows = db.prepare('SELECT id, title FROM sessions').all() as { id: string; title: string }[];
    const update = db.prepare('UPDATE sessions SET title = ? WHERE id = ?');
    for (const { id, title } of rows) {
      const plain = stripMarkdown(title);
      if (plain !== title) update.run(plain, id);
    }
  },
  // v9: what a file write changed, so a reloaded write_file or patch card shows its diff.
  (db) => addColumnIfMissing(db, 'tool_calls', 'file_diff', 'TEXT'),
  // v10: tokens and cost of each model call.
  (db) => db.exec(USAGE_SCHEMA),
  // v11: the process running a call (`pid:start time`), so another process can tell a call whose
  // process died from one still running (rows from before have none and count as orphaned); and
  // the time a call waited for a person, kept apart from its own duration.
  (db) => {
    addColumnIfMissing(db, 'tool_calls', 'owner', 'TEXT');
    addColumnIfMissing(db, 'tool_calls', 'wait_ms', 'REAL');
  },
  // v12: what each session needs from a person, for every process sharing the database.
  (db) => db.exec(RUN_STATES_SCHEMA),
  // v13: the git worktree a session works in, if any.
  (db) => db.exec(WORKTREES_SCHEMA),
  // v14 (session list paging): the list's order as an index, so a page is read in order rather
  // than sorting every session; and the running calls apart, so the orphan scan at each start
  // reads no tool output.
  (db) =>
    db.exec(`
CREATE INDEX IF NOT EXISTS sessions_recent ON sessions(parent_id, updated_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS tool_calls_running ON tool_calls(session_id) WHERE status = 'running';
`),
  // v15: the text of user and assistant messages in a full-text index of its own, filled from the
  // messages already stored.
  (db) => {
    const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'messages_text_fts'`).get();
    if (!exists) db.exec(TEXT_FTS_SCHEMA);
  },
  // v16: tool_calls rebuilt with its large columns (args, file_diff, result) last, so opening a
  // session reads each call's status and outcome without walking its stored output.
  moveLargeToolCallColumnsLast,
];

export function sessionsDbPath(home: string): string {
  return join(home, 'sessions.db');
}

/**
 * Opens (and creates) the sessions database. WAL with synchronous=NORMAL: every statement
 * commits on its own, so a crashed process loses at most the write it was making.
 */
export function openSessionsDb(path: string): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: 5_000 });
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  migrateSessionsDb(db);
  return db;
}

/** Brings the database to version `upTo` (the latest unless a test wants an older one), a transaction a step. */
export function migrateSessionsDb(db: Database, upTo = MIGRATIONS.length): void {
  const version = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  for (let v = version?.user_version ?? 0; v < upTo; v++) {
    db.exec('BEGIN');
    try {
      MIGRATIONS[v]?.(db);
      db.exec(`PRAGMA user_version = ${v + 1};`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
