import type { SessionSearchHit } from '../../../src-shared/sessions';
import { searchTerms, snippetOf } from './snippet';
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

/*
 * The ranking reads the full-text index alone: joining each match to its message row (or making
 * its snippet) before the LIMIT would touch every one of tens of thousands of matches. Only a
 * role filter needs the row, and role-filtered searches are the agent's, not the sidebar's.
 */
const RANK_SQL = `
SELECT rowid AS id, bm25(messages_fts) AS rank FROM messages_fts
WHERE messages_fts MATCH ?
  AND (? IS NULL OR rowid NOT IN (SELECT id FROM messages WHERE session_id = ?))
ORDER BY rank, rowid DESC LIMIT ?`;

const RANK_BY_ROLE_SQL = `
SELECT f.rowid AS id, bm25(messages_fts) AS rank FROM messages_fts f
JOIN messages m ON m.id = f.rowid
WHERE messages_fts MATCH ? AND m.role = ? AND (? IS NULL OR m.session_id <> ?)
ORDER BY rank, f.rowid DESC LIMIT ?`;

const ROW_SQL = `
SELECT m.session_id AS sessionId, s.title AS title, m.role AS role,
       m.created_at AS createdAt, m.content AS content
FROM messages m JOIN sessions s ON s.id = m.session_id WHERE m.id = ?`;

/** What a match's session is, read before the message's (maybe large) content. */
const SESSION_OF_SQL = `
SELECT m.session_id AS sessionId, s.parent_id AS parentId
FROM messages m JOIN sessions s ON s.id = m.session_id WHERE m.id = ?`;

interface Ranked {
  id: number;
}

interface HitRow extends SessionSearchHit {
  content: string | null;
}

/** The best matches' message ids: every term first, any term when that finds nothing. */
function rank(db: Database, text: string, options: SearchOptions, limit: number): Ranked[] {
  const exclude = options.excludeSessionId ?? null;
  for (const all of [true, false]) {
    const query = ftsQuery(text, all);
    if (!query) return [];
    const rows = (options.role
      ? db.prepare(RANK_BY_ROLE_SQL).all(query, options.role, exclude, exclude, limit)
      : db.prepare(RANK_SQL).all(query, exclude, exclude, limit)) as unknown as Ranked[];
    if (rows.length > 0 || !all) return rows;
  }
  return [];
}

function hit(row: HitRow, terms: readonly string[]): SessionSearchHit {
  return {
    sessionId: row.sessionId,
    title: row.title,
    role: row.role,
    createdAt: row.createdAt,
    snippet: snippetOf(row.content ?? '', terms),
  };
}

/** Full-text search over stored messages, best match first (bm25). */
export function searchMessages(db: Database, text: string, options: SearchOptions = {}): SessionSearchHit[] {
  const limit = Math.min(Math.max(options.limit ?? 10, 1), 50);
  const row = db.prepare(ROW_SQL);
  const terms = searchTerms(text);
  return rank(db, text, options, limit).flatMap(({ id }) => {
    const found = row.get(id) as HitRow | undefined;
    return found ? [hit(found, terms)] : [];
  });
}

/** Messages ranked to find `limit` top-level sessions: a few sessions can hold most matches. */
const MESSAGES_PER_SESSION = 4;
/**
 * Matches of the whole index read, newest first, for sessions the text did not find: as many as
 * the ranking of all matches once read (`limit` × 4), with room for long sessions whose outputs
 * match many times.
 */
const NEWEST_SCANNED = 2_000;

/*
 * The sidebar's search ranks what people and the model wrote (messages_text_fts, user and
 * assistant text): bm25 over that small index costs a fraction of ranking every match, most of
 * which are in tool output. Sessions found only in tool output (or in text ranked below those
 * read) follow, newest match first, from the whole index read in rowid order, which needs no
 * ranking.
 */
const TEXT_RANK_SQL = `
SELECT rowid AS id FROM messages_text_fts WHERE messages_text_fts MATCH ?
ORDER BY bm25(messages_text_fts), rowid DESC LIMIT ?`;

const NEWEST_SQL = `SELECT rowid AS id FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid DESC LIMIT ?`;

/** Hits of distinct top-level sessions, in the order their messages are offered. */
class SessionHits {
  readonly hits: SessionSearchHit[] = [];
  private readonly seen = new Set<string>();
  private readonly sessionOf;
  private readonly row;

  constructor(
    db: Database,
    private readonly terms: readonly string[],
    private readonly limit: number,
  ) {
    this.sessionOf = db.prepare(SESSION_OF_SQL);
    this.row = db.prepare(ROW_SQL);
  }

  get full(): boolean {
    return this.hits.length >= this.limit;
  }

  /** A child session's match counts for nothing, as the list shows no child sessions. */
  offer(ids: Iterable<Ranked>): void {
    for (const { id } of ids) {
      if (this.full) return;
      const owner = this.sessionOf.get(id) as { sessionId: string; parentId: string | null } | undefined;
      if (!owner || owner.parentId !== null || this.seen.has(owner.sessionId)) continue;
      this.seen.add(owner.sessionId);
      const found = this.row.get(id) as HitRow | undefined;
      if (found) this.hits.push(hit(found, this.terms));
    }
  }
}

/**
 * The top-level sessions whose messages match, one hit each: first those whose user or assistant
 * text matches, best first (bm25), each with its best message; then those matching elsewhere
 * (tool output), newest first. Every term first, any term when that finds nothing.
 */
export function searchSessions(db: Database, text: string, limit = 50): SessionSearchHit[] {
  const terms = searchTerms(text);
  for (const all of [true, false]) {
    const query = ftsQuery(text, all);
    if (!query) return [];
    const found = new SessionHits(db, terms, limit);
    found.offer(db.prepare(TEXT_RANK_SQL).iterate(query, limit * MESSAGES_PER_SESSION) as Iterable<Ranked>);
    if (!found.full) found.offer(db.prepare(NEWEST_SQL).iterate(query, NEWEST_SCANNED) as Iterable<Ranked>);
    if (found.hits.length > 0 || !all) return found.hits;
  }
  return [];
}
