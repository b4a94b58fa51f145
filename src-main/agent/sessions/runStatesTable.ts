/**
 * What each session needs from a person (running, waiting, unread, failed), kept in the
 * database every process shares, so `caduceus sessions list` in a terminal sees the app's
 * sessions as the app does. No row means idle. A running or waiting row names the process
 * that owns it; a row whose process is gone is idle.
 */
import type { Database } from './sqlite';

/** Version 11 of the sessions database. */
export const RUN_STATES_SCHEMA = `
CREATE TABLE IF NOT EXISTS session_run_states (
  session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  state TEXT NOT NULL,
  pid INTEGER NOT NULL,
  changed_at INTEGER NOT NULL
);
`;

export type StoredRunState = 'running' | 'waiting' | 'unread' | 'failed';

const LIVE: ReadonlySet<string> = new Set(['running', 'waiting']);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class RunStatesTable {
  constructor(
    private readonly db: Database,
    private readonly pid = process.pid,
  ) {}

  /** Records a session's state; idle removes the row. False when there is no such session. */
  set(sessionId: string, state: StoredRunState | 'idle'): boolean {
    if (state === 'idle') {
      this.db.prepare('DELETE FROM session_run_states WHERE session_id = ?').run(sessionId);
      return true;
    }
    if (!this.db.prepare('SELECT 1 FROM sessions WHERE id = ?').get(sessionId)) return false;
    this.db
      .prepare(
        'INSERT OR REPLACE INTO session_run_states (session_id, state, pid, changed_at) VALUES (?, ?, ?, ?)',
      )
      .run(sessionId, state, this.pid, Date.now());
    return true;
  }

  /** Every session's recorded state; running or waiting rows of a process that is gone are left out. */
  all(): Map<string, StoredRunState> {
    const rows = this.db.prepare('SELECT session_id, state, pid FROM session_run_states').all() as {
      session_id: string;
      state: StoredRunState;
      pid: number;
    }[];
    const out = new Map<string, StoredRunState>();
    for (const row of rows) if (!LIVE.has(row.state) || alive(row.pid)) out.set(row.session_id, row.state);
    return out;
  }

  /** This process's running and waiting rows end with it (a start after a crash clears its own pid's). */
  clearLive(): void {
    this.db
      .prepare(`DELETE FROM session_run_states WHERE pid = ? AND state IN ('running', 'waiting')`)
      .run(this.pid);
  }
}
