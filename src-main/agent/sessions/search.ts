import type { SessionSearchHit } from '../../../src-shared/sessions';
import type { Database } from './sqlite';

export interface SearchOptions {
  role?: 'user' | 'assistant' | 'tool';
  limit?: number;
  /** The session asking; its own messages are already in its context. */
  excludeSessionId?: string;
}

/**
 * Turns free text into an FTS5 query of quoted prefix terms ("deplo" finds "deployment"), so
 * punctuation in a model's query can never be read as FTS5 syntax. `all` joins with AND, else OR.
 */
export function ftsQuery(text: string, all: boolean): string | undefined {
  const terms = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (terms.length === 0) return undefined;
  return terms.map((t) => `"${t}"*`).join(all ? ' ' : ' OR ');
}

const SQL = `
SELECT m.session_id AS sessionId, s.title AS title, m.role AS role, m.created_at AS createdAt,
       snippet(messages_fts, 0, '>>>', '<<<', '…', 24) AS snippet
FROM messages_fts
JOIN messages m ON m.id = messages_fts.rowid
JOIN sessions s ON s.id = m.session_id
WHERE messages_fts MATCH ?
  AND (? IS NULL OR m.role = ?)
  AND (? IS NULL OR m.session_id <> ?)
ORDER BY bm25(messages_fts), m.id DESC
LIMIT ?`;

/** Full-text search over stored messages: every term first, any term when that finds nothing. */
export function searchMessages(db: Database, text: string, options: SearchOptions = {}): SessionSearchHit[] {
  const limit = Math.min(Math.max(options.limit ?? 10, 1), 50);
  const role = options.role ?? null;
  const exclude = options.excludeSessionId ?? null;
  const statement = db.prepare(SQL);
  for (const all of [true, false]) {
    const query = ftsQuery(text, all);
    if (!query) return [];
    const rows = statement.all(query, role, role, exclude, exclude, limit) as unknown as SessionSearchHit[];
    if (rows.length > 0 || !all) return rows.map((r) => ({ ...r }));
  }
  return [];
}
