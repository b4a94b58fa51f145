import { ownerAlive } from './processOwner';
import { INTERRUPTED_RESULT } from './repair';
import type { Database } from './sqlite';

export interface InterruptedCall {
  sessionId: string;
  callId: string;
}

/**
 * A call stays `running` in the store until its runner ends it; when the process running it
 * dies first, nothing would. Any process opening the store ends such calls: `interrupted`, with
 * the result the transcript repair gives an unanswered call, so the session can go on.
 */
export function interruptOrphanedCalls(db: Database, sessionId?: string): InterruptedCall[] {
  const rows = (sessionId === undefined
    ? db.prepare(`SELECT id, session_id, call_id, owner FROM tool_calls WHERE status = 'running'`).all()
    : db
        .prepare(
          `SELECT id, session_id, call_id, owner FROM tool_calls WHERE status = 'running' AND session_id = ?`,
        )
        .all(sessionId)) as unknown as {
    id: number;
    session_id: string;
    call_id: string;
    owner: string | null;
  }[];
  const alive = new Map<string, boolean>();
  const gone = rows.filter((row) => {
    if (row.owner === null) return true;
    let live = alive.get(row.owner);
    if (live === undefined) alive.set(row.owner, (live = ownerAlive(row.owner)));
    return !live;
  });
  const update = db.prepare(
    `UPDATE tool_calls SET status = 'interrupted', result = ? WHERE id = ? AND status = 'running'`,
  );
  for (const row of gone) update.run(INTERRUPTED_RESULT, row.id);
  return gone.map((row) => ({ sessionId: row.session_id, callId: row.call_id }));
}
