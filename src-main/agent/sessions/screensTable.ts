/**
 * The final screen of each session's terminal tab, so a finished command's tab shows it after
 * a restart. One row per session (the last command's), the newest `max` sessions kept.
 */
import type { StoredScreen, ScreenStore } from '../../terminal/mirror/screenStore';
import type { Database } from './sqlite';

/** Version 4 of the sessions database. */
export const SCREENS_SCHEMA = `
CREATE TABLE IF NOT EXISTS terminal_screens (
  session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  stream_id TEXT NOT NULL,
  tool_call_id TEXT NOT NULL,
  exit_code INTEGER,
  cols INTEGER NOT NULL,
  rows INTEGER NOT NULL,
  data TEXT NOT NULL,
  saved_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS terminal_screens_saved ON terminal_screens(saved_at DESC);
`;

interface ScreenRow {
  session_id: string;
  stream_id: string;
  tool_call_id: string;
  exit_code: number | null;
  cols: number;
  rows: number;
  data: string;
}

export class TerminalScreensTable implements ScreenStore {
  constructor(
    private readonly db: Database,
    private readonly max = 200,
  ) {}

  /** Keeps `screen` as the task's (session's) final screen; false when there is no such session. */
  save(taskId: string, screen: StoredScreen): boolean {
    const exists = this.db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(taskId);
    if (!exists) return false;
    this.db
      .prepare(
        `INSERT OR REPLACE INTO terminal_screens (session_id, stream_id, tool_call_id, exit_code, cols, rows, data, saved_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        taskId,
        screen.streamId,
        screen.toolCallId,
        screen.exitCode,
        screen.cols,
        screen.rows,
        screen.data,
        Date.now(),
      );
    this.db
      .prepare(
        `DELETE FROM terminal_screens WHERE session_id NOT IN
         (SELECT session_id FROM terminal_screens ORDER BY saved_at DESC, rowid DESC LIMIT ?)`,
      )
      .run(this.max);
    return true;
  }

  /** The kept screens, oldest first. */
  load(): Array<[taskId: string, screen: StoredScreen]> {
    const rows = this.db
      .prepare('SELECT * FROM terminal_screens ORDER BY saved_at ASC, rowid ASC LIMIT ?')
      .all(this.max) as unknown as ScreenRow[];
    return rows.map((row) => [
      row.session_id,
      {
        streamId: row.stream_id,
        toolCallId: row.tool_call_id,
        exitCode: row.exit_code,
        cols: row.cols,
        rows: row.rows,
        data: row.data,
      },
    ]);
  }
}
