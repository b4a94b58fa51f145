/** The git worktree a session works in, if it was given one (`caduceus chat --worktree`). */
import type { SessionWorktree } from '../../workspace/git/worktree';
import type { Database } from './sqlite';

/** Version 13 of the sessions database. */
export const WORKTREES_SCHEMA = `
CREATE TABLE IF NOT EXISTS session_worktrees (
  session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  branch TEXT NOT NULL,
  base TEXT NOT NULL,
  repo TEXT NOT NULL,
  common_dir TEXT NOT NULL,
  admin_dir TEXT NOT NULL
);
`;

interface Row {
  path: string;
  branch: string;
  base: string;
  repo: string;
  common_dir: string;
  admin_dir: string;
}

export class WorktreesTable {
  constructor(private readonly db: Database) {}

  set(sessionId: string, tree: SessionWorktree): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO session_worktrees (session_id, path, branch, base, repo, common_dir, admin_dir)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(sessionId, tree.path, tree.branch, tree.base, tree.repo, tree.commonDir, tree.adminDir);
  }

  get(sessionId: string): SessionWorktree | undefined {
    const row = this.db.prepare('SELECT * FROM session_worktrees WHERE session_id = ?').get(sessionId) as
      Row | undefined;
    if (!row) return undefined;
    return {
      path: row.path,
      branch: row.branch,
      base: row.base,
      repo: row.repo,
      commonDir: row.common_dir,
      adminDir: row.admin_dir,
    };
  }
}
