import type { LedgerEntry, LedgerQuery } from '../../../src-shared/approvalsLedger';
import type { GrantRecord, GrantStore } from '../../approval/gate';
import type { Database } from './sqlite';

interface LedgerRow {
  id: string;
  at: number;
  session_id: string;
  tool_call_id: string;
  subject_kind: string;
  subject: string;
  keys: string;
  reasons: string;
  allowed: number;
  decided_by: string;
  rule: string | null;
  scope: string | null;
  expires_at: number | null;
}

interface GrantRow {
  key: string;
  kind: GrantRecord['kind'];
  value: string;
  session_id: string | null;
  expires_at: number | null;
  created_at: number;
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    at: row.at,
    sessionId: row.session_id,
    toolCallId: row.tool_call_id,
    subjectKind: row.subject_kind,
    subject: row.subject,
    keys: JSON.parse(row.keys) as string[],
    reasons: JSON.parse(row.reasons) as string[],
    allowed: row.allowed === 1,
    decidedBy: row.decided_by,
    rule: row.rule,
    scope: row.scope,
    expiresAt: row.expires_at,
  };
}

/** LIKE with the user's text taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The approvals ledger and the gate's grants, in the sessions database. */
export class ApprovalLedgerTable implements GrantStore {
  constructor(private readonly db: Database) {}

  record(entry: LedgerEntry): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO approval_ledger (id, at, session_id, tool_call_id, subject_kind, subject,
         keys, reasons, allowed, decided_by, rule, scope, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.id,
        entry.at,
        entry.sessionId,
        entry.toolCallId,
        entry.subjectKind,
        entry.subject,
        JSON.stringify(entry.keys),
        JSON.stringify(entry.reasons),
        entry.allowed ? 1 : 0,
        entry.decidedBy,
        entry.rule,
        entry.scope,
        entry.expiresAt,
      );
  }

  /** Newest first. */
  list(query: LedgerQuery = {}): LedgerEntry[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query.sessionId !== undefined) {
      where.push('session_id = ?');
      params.push(query.sessionId);
    }
    if (query.allowed !== undefined) {
      where.push('allowed = ?');
      params.push(query.allowed ? 1 : 0);
    }
    if (query.decidedBy !== undefined) {
      where.push('decided_by = ?');
      params.push(query.decidedBy);
    }
    if (query.subjectKind !== undefined) {
      where.push('subject_kind = ?');
      params.push(query.subjectKind);
    }
    if (query.search) {
      where.push(`(subject LIKE ? ESCAPE '\\' OR keys LIKE ? ESCAPE '\\' OR reasons LIKE ? ESCAPE '\\')`);
      const like = likePattern(query.search);
      params.push(like, like, like);
    }
    const rows = this.db
      .prepare(
        `SELECT * FROM approval_ledger ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY at DESC, rowid DESC LIMIT ?`,
      )
      .all(...params, query.limit ?? 200) as unknown as LedgerRow[];
    return rows.map(toEntry);
  }

  /** A session's rows in the order they were decided, for an export. */
  forSession(sessionId: string): LedgerEntry[] {
    const rows = this.db
      .prepare('SELECT * FROM approval_ledger WHERE session_id = ? ORDER BY at, rowid')
      .all(sessionId) as unknown as LedgerRow[];
    return rows.map(toEntry);
  }

  deleteSession(sessionId: string): void {
    this.db.prepare('DELETE FROM approval_ledger WHERE session_id = ?').run(sessionId);
    this.db.prepare('DELETE FROM approval_grants WHERE session_id = ?').run(sessionId);
  }

  add(grants: readonly GrantRecord[]): void {
    const insert = this.db.prepare(
      `INSERT OR REPLACE INTO approval_grants (key, kind, value, session_id, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const g of grants) insert.run(g.key, g.kind, g.value, g.sessionId, g.expiresAt, g.createdAt);
  }

  active(now: number): GrantRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM approval_grants WHERE expires_at IS NULL OR expires_at > ?
         ORDER BY created_at DESC, rowid DESC`,
      )
      .all(now) as unknown as GrantRow[];
    return rows.map((r) => ({
      key: r.key,
      kind: r.kind,
      value: r.value,
      sessionId: r.session_id,
      expiresAt: r.expires_at,
      createdAt: r.created_at,
    }));
  }

  revoke(key: string): number {
    return Number(
      this.db.prepare('DELETE FROM approval_grants WHERE key = ? OR value = ?').run(key, key).changes,
    );
  }
}
