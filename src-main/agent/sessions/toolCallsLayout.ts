import type { Database } from './sqlite';

/**
 * `tool_calls` with its large columns last. SQLite stores a row's columns in declared order and a
 * long value spills onto overflow pages, so reading a column that follows `result` walks the whole
 * stored output: opening a session of 2,000 calls read ~20 MB to learn each call's status.
 */
const TOOL_CALLS_TABLE = (name: string, extra: string) => `
CREATE TABLE ${name} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  call_id TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL,
  duration_ms REAL,
  wait_ms REAL,
  started_at INTEGER NOT NULL,
  batch TEXT,
  ok INTEGER,
  refusal TEXT,
  exit_code INTEGER,
  owner TEXT,${extra}
  args TEXT NOT NULL,
  file_diff TEXT,
  result TEXT
);`;

/** The columns above; any other one a database has is kept, before the large ones. */
const KNOWN = new Set([...TOOL_CALLS_TABLE('t', '').matchAll(/^ {2}(\w+) /gm)].map((m) => m[1]));

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
}

interface SchemaEntry {
  type: string;
  name: string;
  sql: string;
}

/**
 * Rebuilds `tool_calls` in the order above, inside the caller's transaction: rows keep their ids,
 * the AUTOINCREMENT counter is kept, and every index, trigger and view on the table (whichever
 * migrations made them) is made again as it was. A column this list does not know is kept too.
 */
export function moveLargeToolCallColumnsLast(db: Database): void {
  const columns = db.prepare('PRAGMA table_info(tool_calls)').all() as unknown as ColumnInfo[];
  const names = columns.map((c) => c.name);
  const extra = columns
    .filter((c) => !KNOWN.has(c.name))
    .map(
      (c) =>
        `\n  "${c.name}" ${c.type}${c.notnull ? ' NOT NULL' : ''}` +
        `${c.dflt_value !== null ? ` DEFAULT ${c.dflt_value}` : ''},`,
    )
    .join('');
  // Everything on the table goes with it when it is dropped; a view or another table's trigger
  // naming it would stop the rename: all are made again afterwards.
  const dependents = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND (
         type IN ('index', 'trigger') AND tbl_name = 'tool_calls'
         OR type IN ('view', 'trigger') AND sql LIKE '%tool_calls%')`,
    )
    .all() as unknown as SchemaEntry[];
  const sequence = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'tool_calls'`).get() as
    { seq: number } | undefined;
  for (const { type, name } of dependents)
    if (type !== 'index') db.exec(`DROP ${type === 'view' ? 'VIEW' : 'TRIGGER'} "${name}"`);
  const list = names.map((n) => `"${n}"`).join(', ');
  db.exec(`
${TOOL_CALLS_TABLE('tool_calls_reordered', extra)}
INSERT INTO tool_calls_reordered (${list}) SELECT ${list} FROM tool_calls ORDER BY id;
DROP TABLE tool_calls;
ALTER TABLE tool_calls_reordered RENAME TO tool_calls;
DELETE FROM sqlite_sequence WHERE name = 'tool_calls';`);
  // The next id stays past every id ever given, deleted rows' included.
  if (sequence)
    db.prepare(`INSERT INTO sqlite_sequence (name, seq) VALUES ('tool_calls', ?)`).run(sequence.seq);
  for (const entry of dependents) db.exec(entry.sql);
}
