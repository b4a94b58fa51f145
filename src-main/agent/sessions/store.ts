import type {
  ApprovalRecord,
  ChatMessage,
  SessionSearchHit,
  SessionSummary,
  TodoItem,
  ToolCallRecord,
} from '../../../src-shared/sessions';
import type { CallOutcome } from '../../../src-shared/toolCalls';
import { openSessionsDb, sessionsDbPath } from './db';
import { newSessionId } from './sessionId';
import { interruptOrphanedCalls, type InterruptedCall } from './orphans';
import { selfOwner } from './processOwner';
import {
  toApprovalRecord,
  toMessage,
  toSummary,
  toToolCallRecord,
  type ApprovalRow,
  type MessageRow,
  type SessionRow,
  type ToolCallRow,
} from './rows';
import { ApprovalLedgerTable } from './ledgerTable';
import { TerminalScreensTable } from './screensTable';
import { RunStatesTable } from './runStatesTable';
import { UsageTable } from './usageTable';
import { WorktreesTable } from './worktreesTable';
import { searchMessages, searchSessions, type SearchOptions } from './search';
import { findInSession } from './find';
import type { FindResult } from '../../../src-shared/ipc/findSchemas';
import { ToolOutputsTable } from './toolOutputsTable';
import type { Database } from './sqlite';

export interface NewSession {
  id?: string;
  title?: string;
  parentId?: string;
  model?: string;
  source?: string;
  systemPrompt?: string;
  /** The folder the session works in. */
  workspace?: string;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  /**
   * The last session of the page before: the list goes on from there. Unlike an offset, a
   * session that moves to the top between two pages neither repeats a row nor hides one.
   */
  after?: ListCursor;
  /** Child sessions of delegate_task are hidden unless asked for. */
  includeChildren?: boolean;
}

/** A place in the list, which is ordered newest change first, then by id. */
export interface ListCursor {
  updatedAt: number;
  id: string;
}

const SUMMARY_SQL = `SELECT s.id, s.title, s.parent_id, s.model, s.source, s.workspace, s.created_at, s.updated_at,
  (SELECT COUNT(*) FROM messages m WHERE m.session_id = s.id) AS message_count FROM sessions s`;

/** Sessions, messages, tool calls, approvals and todos in one SQLite database. */
export class SessionStore {
  /** Every decision of the approval gate, and the session and one-hour grants it holds. */
  readonly ledger: ApprovalLedgerTable;
  /** The final screen of each session's terminal tab. */
  readonly screens: TerminalScreensTable;
  /** Tokens and cost of each model call. */
  readonly usage: UsageTable;
  /** What each session needs from a person, shared with every process. */
  readonly runStates: RunStatesTable;
  /** The git worktree of each session that has one. */
  readonly worktrees: WorktreesTable;
  /** Cards without their long outputs, and those outputs page by page. */
  readonly toolOutputs: ToolOutputsTable;

  private constructor(private readonly db: Database) {
    this.ledger = new ApprovalLedgerTable(db);
    this.screens = new TerminalScreensTable(db);
    this.usage = new UsageTable(db);
    this.runStates = new RunStatesTable(db);
    this.worktrees = new WorktreesTable(db);
    this.toolOutputs = new ToolOutputsTable(db);
    // At each start: calls left running by a process that died are ended.
    interruptOrphanedCalls(db);
  }

  static open(home: string): SessionStore {
    return new SessionStore(openSessionsDb(sessionsDbPath(home)));
  }

  static openAt(path: string): SessionStore {
    return new SessionStore(openSessionsDb(path));
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /**
   * Changes whenever the database may have: a write on this connection (total_changes) or a
   * commit on another (data_version), so what was read before the same stamp still holds.
   */
  changeStamp(): string {
    const row = this.db
      .prepare('SELECT total_changes() AS own, (SELECT data_version FROM pragma_data_version) AS other')
      .get() as { own: number; other: number };
    return `${row.own}:${row.other}`;
  }

  createSession(input: NewSession = {}): SessionSummary {
    const id = input.id ?? this.freshSessionId();
    const now = Date.now();
    try {
      this.db
        .prepare(
          `INSERT INTO sessions (id, title, parent_id, model, source, system_prompt, workspace, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          input.title ?? '',
          input.parentId ?? null,
          input.model ?? null,
          input.source ?? 'cli',
          input.systemPrompt ?? null,
          input.workspace ?? null,
          now,
          now,
        );
    } catch (err) {
      // Ids are made free of clashes; one given, or taken meanwhile by another process, is not.
      if (String(err).includes('UNIQUE constraint failed: sessions.id'))
        throw new Error(`A session with id ${id} already exists`, { cause: err });
      throw err;
    }
    return this.getSession(id) as SessionSummary;
  }

  /** A new id no stored session has. */
  freshSessionId(): string {
    const exists = this.db.prepare('SELECT 1 FROM sessions WHERE id = ?');
    return newSessionId(new Date(), (id) => exists.get(id) !== undefined);
  }

  getSession(id: string): SessionSummary | undefined {
    const row = this.db.prepare(`${SUMMARY_SQL} WHERE s.id = ?`).get(id) as SessionRow | undefined;
    return row ? toSummary(row) : undefined;
  }

  /** A full id, or a prefix that matches exactly one session. */
  resolveId(idOrPrefix: string): string | undefined {
    if (this.getSession(idOrPrefix)) return idOrPrefix;
    const rows = this.db
      .prepare(`SELECT id FROM sessions WHERE substr(id, 1, ?) = ? LIMIT 2`)
      .all(idOrPrefix.length, idOrPrefix) as { id: string }[];
    return rows.length === 1 ? rows[0]?.id : undefined;
  }

  /** Newest change first (the sessions_recent index's order), a page at a time. */
  listSessions(options: ListOptions = {}): SessionSummary[] {
    const where = [
      ...(options.includeChildren ? [] : ['s.parent_id IS NULL']),
      ...(options.after ? ['(s.updated_at, s.id) < (?, ?)'] : []),
    ];
    const { after } = options;
    const rows = this.db
      .prepare(
        `${SUMMARY_SQL}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
         ORDER BY s.updated_at DESC, s.id DESC LIMIT ? OFFSET ?`,
      )
      .all(
        ...(after ? [after.updatedAt, after.id] : []),
        options.limit ?? 50,
        options.offset ?? 0,
      ) as unknown as SessionRow[];
    return rows.map(toSummary);
  }

  childSessions(parentId: string): SessionSummary[] {
    const rows = this.db
      .prepare(`${SUMMARY_SQL} WHERE s.parent_id = ? ORDER BY s.created_at, s.id`)
      .all(parentId) as unknown as SessionRow[];
    return rows.map(toSummary);
  }

  renameSession(id: string, title: string): boolean {
    return this.db.prepare('UPDATE sessions SET title = ? WHERE id = ?').run(title, id).changes > 0;
  }

  /** Deletes a session with its messages, tool calls, approvals and child sessions. */
  deleteSession(id: string): boolean {
    for (const child of this.childSessions(id)) this.ledger.deleteSession(child.id);
    this.ledger.deleteSession(id);
    return this.db.prepare('DELETE FROM sessions WHERE id = ?').run(id).changes > 0;
  }

  /** Gives a session that has none (one stored before workspaces existed) its workspace. */
  setWorkspace(id: string, workspace: string): boolean {
    return this.db.prepare('UPDATE sessions SET workspace = ? WHERE id = ?').run(workspace, id).changes > 0;
  }

  systemPrompt(id: string): string | null {
    const row = this.db.prepare('SELECT system_prompt FROM sessions WHERE id = ?').get(id) as
      { system_prompt: string | null } | undefined;
    return row?.system_prompt ?? null;
  }

  setSystemPrompt(id: string, prompt: string): void {
    this.db.prepare('UPDATE sessions SET system_prompt = ? WHERE id = ?').run(prompt, id);
  }

  appendMessage(sessionId: string, message: ChatMessage): void {
    const now = Date.now();
    this.db
      .prepare(
        `INSERT INTO messages (session_id, role, content, tool_calls, tool_call_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        sessionId,
        message.role,
        message.content,
        message.tool_calls?.length ? JSON.stringify(message.tool_calls) : null,
        message.tool_call_id ?? null,
        now,
      );
    this.db.prepare('UPDATE sessions SET updated_at = ? WHERE id = ?').run(now, sessionId);
  }

  /** How many messages a session holds, and its last one's role (and whether it made tool calls). */
  messageTail(sessionId: string): { count: number; last?: { role: string; toolCalls: boolean } } {
    const row = this.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM messages WHERE session_id = $s) AS count, role,
                tool_calls IS NOT NULL AS calls
         FROM messages WHERE session_id = $s ORDER BY id DESC LIMIT 1`,
      )
      .get({ s: sessionId }) as { count: number; role: string; calls: number } | undefined;
    return row ? { count: row.count, last: { role: row.role, toolCalls: row.calls === 1 } } : { count: 0 };
  }

  /** `toolContent: false` reads tool results as bare `{ role: 'tool' }` rows, for a transcript. */
  messages(sessionId: string, { toolContent = true } = {}): ChatMessage[] {
    // Columns are read lazily: a tool row's large content (and what follows it) is never loaded.
    const columns = toolContent
      ? 'content, tool_calls, tool_call_id'
      : `CASE WHEN role = 'tool' THEN NULL ELSE content END AS content,
         CASE WHEN role = 'tool' THEN NULL ELSE tool_calls END AS tool_calls,
         CASE WHEN role = 'tool' THEN NULL ELSE tool_call_id END AS tool_call_id`;
    const rows = this.db
      .prepare(`SELECT role, ${columns} FROM messages WHERE session_id = ? ORDER BY id`)
      .all(sessionId) as unknown as MessageRow[];
    return rows.map(toMessage);
  }

  /** Records a tool call as running; returns the handle `finishToolCall` takes. */
  startToolCall(
    sessionId: string,
    call: { id: string; name: string; args: string; batch?: string | undefined },
  ): number {
    const result = this.db
      .prepare(
        `INSERT INTO tool_calls (session_id, call_id, name, args, status, started_at, batch, owner)
         VALUES (?, ?, ?, ?, 'running', ?, ?, ?)`,
      )
      .run(sessionId, call.id, call.name, call.args, Date.now(), call.batch ?? null, selfOwner());
    return Number(result.lastInsertRowid);
  }

  /** Ends a call. `outcome` is what the tool's outcome said; without it the card reads the text. */
  finishToolCall(
    handle: number,
    end: {
      result: string;
      status: ToolCallRecord['status'];
      durationMs: number;
      waitMs?: number;
      outcome?: { ok: boolean } & CallOutcome;
    },
  ): void {
    const { outcome } = end;
    this.db
      .prepare(
        `UPDATE tool_calls SET result = ?, status = ?, duration_ms = ?, wait_ms = ?, ok = ?, refusal = ?,
         exit_code = ?, file_diff = ? WHERE id = ?`,
      )
      .run(
        end.result,
        end.status,
        end.durationMs,
        end.waitMs ?? null,
        outcome ? (outcome.ok ? 1 : 0) : null,
        outcome?.refusal ? JSON.stringify(outcome.refusal) : null,
        outcome?.exitCode ?? null,
        outcome?.fileDiff ? JSON.stringify(outcome.fileDiff) : null,
        handle,
      );
  }

  /**
   * Marks `interrupted` every running call whose process is gone (killed, crashed), in this
   * session or all; returns them so a live view can say so too.
   */
  interruptOrphans(sessionId?: string): InterruptedCall[] {
    return interruptOrphanedCalls(this.db, sessionId);
  }

  /** The session's calls; a running one whose process died is marked interrupted first. */
  toolCalls(sessionId: string): ToolCallRecord[] {
    this.interruptOrphans(sessionId);
    const rows = this.db
      .prepare(
        `SELECT call_id, name, args, result, status, duration_ms, wait_ms, started_at, batch, ok, refusal,
                exit_code, file_diff
         FROM tool_calls
         WHERE session_id = ? ORDER BY id`,
      )
      .all(sessionId) as unknown as ToolCallRow[];
    return rows.map(toToolCallRecord);
  }

  recordApprovalRequest(request: {
    id: string;
    sessionId: string;
    toolCallId?: string;
    command: string;
    reasons: string[];
  }): void {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO approvals (id, session_id, tool_call_id, command, reasons, asked_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        request.id,
        request.sessionId,
        request.toolCallId ?? null,
        request.command,
        JSON.stringify(request.reasons),
        Date.now(),
      );
  }

  recordApprovalAnswer(id: string, decision: string, decidedBy: string): void {
    this.db
      .prepare('UPDATE approvals SET decision = ?, decided_by = ?, answered_at = ? WHERE id = ?')
      .run(decision, decidedBy, Date.now(), id);
  }

  approvals(sessionId: string): ApprovalRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM approvals WHERE session_id = ? ORDER BY rowid')
      .all(sessionId) as unknown as ApprovalRow[];
    return rows.map(toApprovalRecord);
  }

  todos(sessionId: string): TodoItem[] {
    const row = this.db.prepare('SELECT todos FROM sessions WHERE id = ?').get(sessionId) as
      { todos: string } | undefined;
    return row ? (JSON.parse(row.todos) as TodoItem[]) : [];
  }

  setTodos(sessionId: string, todos: TodoItem[]): void {
    this.db.prepare('UPDATE sessions SET todos = ? WHERE id = ?').run(JSON.stringify(todos), sessionId);
  }

  search(query: string, options: SearchOptions = {}): SessionSearchHit[] {
    return searchMessages(this.db, query, options);
  }

  /** Top-level sessions whose messages match, best first, each with its best message's snippet. */
  searchSessions(query: string, limit?: number): SessionSearchHit[] {
    return searchSessions(this.db, query, limit);
  }

  /** Find-in-session: every occurrence of plain text in what the chat shows of a session. */
  find(sessionId: string, query: string, options: { limit?: number } = {}): FindResult {
    return findInSession(this.db, sessionId, query, options);
  }
}
