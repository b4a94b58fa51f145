import { escapeAttr } from '../../../src-shared/attachments';
import type { FindField, FindHit, FindResult } from '../../../src-shared/ipc/findSchemas';
import { FIND_DEFAULT_LIMIT } from '../../../src-shared/ipc/findSchemas';
import type { ToolCall } from '../../../src-shared/sessions';
import { resultDetails } from '../toolResultDetails';
import {
  argsText,
  jsonEscaped,
  literalPattern,
  occurrences,
  snippetAt,
  sqlNeedle,
  wordNeedles,
} from './findText';
import { mayShow, promptShownText, shownText } from './shownText';
import { toToolCallRecord, type ToolCallRow } from './rows';
import type { Database } from './sqlite';

interface MessageHead {
  role: string;
  toolCalls: string | null;
  hit: number;
  rowid: number;
}

/** A LIKE pattern (ASCII case-insensitive, ESCAPE '\\') that finds `text` anywhere. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * SQL that is true when a column may hold the needle. A JSON column (a result or arguments that
 * start with `{`) holds it as escaped inside a string, so quotes of its structure never match.
 * LIKE, not instr(lower()): it folds ASCII case without copying the text, three times faster.
 */
function mayHold(column: string, needle: string | undefined, json: boolean): string {
  if (needle === undefined) return '1';
  const plain = `${column} LIKE :plain ESCAPE '\\'`;
  if (!json || jsonEscaped(needle) === needle) return plain;
  return `(CASE WHEN ${column} LIKE '{%' THEN ${column} LIKE :escaped ESCAPE '\\' ELSE ${plain} END)`;
}

/** The texts a tool call's card shows, by field, in the order the card shows them. */
function cardTexts(row: ToolCallRow): [FindField, string][] {
  const record = toToolCallRecord(row);
  const texts: [FindField, string][] = [['args', argsText(row.args)]];
  if (row.result == null) return texts;
  const recorded = record.ok == null ? undefined : record.refusal ? { refusal: record.refusal } : {};
  const details = resultDetails(row.result, recorded);
  if (details.refusal) return texts;
  if (details.outputText) texts.push(['output', details.outputText]);
  if (details.errorText) texts.push(['error', details.errorText]);
  if (details.outputText === undefined && !details.errorText && row.result !== '')
    texts.push(['result', row.result]);
  return texts;
}

/**
 * Every occurrence of `query` (plain text, case-insensitive) in a session as the chat shows it, in
 * transcript order: each message's text (an answer's as its Markdown shows it), then its tool
 * calls' arguments and output. SQL picks the rows that may match without handing their text to
 * JS; only those rows are read, in order, until `limit` hits are found.
 */
export function findInSession(
  db: Database,
  sessionId: string,
  query: string,
  options: { limit?: number } = {},
): FindResult {
  const limit = Math.max(1, options.limit ?? FIND_DEFAULT_LIMIT);
  const needle = sqlNeedle(query);
  // An answer is matched in the text its Markdown shows, which its stored text may hold only in
  // pieces (`the **theme** and`): SQL picks the answers holding the query's longest words.
  const words = wordNeedles(query);
  // An attachment's name is stored with `&` and `"` escaped, as in an attribute.
  const attrNeedle = needle === undefined ? undefined : escapeAttr(needle);
  const params: Record<string, string> = {
    session: sessionId,
    ...(needle === undefined ? {} : { plain: contains(needle), escaped: contains(jsonEscaped(needle)) }),
    ...(attrNeedle === undefined || attrNeedle === needle ? {} : { attr: contains(attrNeedle) }),
    ...Object.fromEntries(words.map((w, i) => [`word${i}`, contains(w)])),
  };
  const promptMayHold =
    'attr' in params
      ? `(${mayHold('content', needle, false)} OR content LIKE :attr ESCAPE '\\')`
      : mayHold('content', needle, false);
  const answerMayHold =
    words.length > 0
      ? words.map((_, i) => `content LIKE :word${i} ESCAPE '\\'`).join(' AND ')
      : mayHold('content', needle, false);
  // node:sqlite refuses a named value the statement does not use.
  const bind = (sql: string) =>
    Object.fromEntries(Object.entries(params).filter(([k]) => sql.includes(`:${k}`)));

  const messagesSql = `SELECT id AS rowid, role, tool_calls AS toolCalls,
      CASE WHEN role = 'user' AND content IS NOT NULL AND ${promptMayHold} THEN 1
        WHEN role = 'assistant' AND content IS NOT NULL AND ${answerMayHold} THEN 1
        ELSE 0 END AS hit
    FROM messages WHERE session_id = :session ORDER BY id`;
  const heads = db.prepare(messagesSql).all(bind(messagesSql)) as unknown as MessageHead[];

  const callsSql = `SELECT id, call_id AS callId FROM tool_calls WHERE session_id = :session
    AND (${mayHold('args', needle, true)} OR (result IS NOT NULL AND ${mayHold('result', needle, true)}))
    ORDER BY id`;
  const candidates = new Map(
    (db.prepare(callsSql).all(bind(callsSql)) as { id: number; callId: string }[]).map((r) => [
      r.callId,
      r.id,
    ]),
  );

  const contentOf = db.prepare('SELECT content FROM messages WHERE id = ?');
  const callOf = db.prepare(
    `SELECT call_id, name, args, result, status, duration_ms, wait_ms, started_at, batch, ok, refusal,
            exit_code, file_diff FROM tool_calls WHERE id = ?`,
  );
  const hits: FindHit[] = [];
  const pattern = literalPattern(query);
  const add = (
    base: Omit<FindHit, 'offset' | 'length' | 'snippet' | 'field'>,
    field: FindField,
    text: string,
  ) => {
    for (const { offset, length } of occurrences(text, pattern)) {
      hits.push({ ...base, field, offset, length, snippet: snippetAt(text, offset, length) });
      if (hits.length > limit) return;
    }
  };

  for (const [index, head] of heads.entries()) {
    if (hits.length > limit) break;
    if (head.role !== 'user' && head.role !== 'assistant') continue;
    const messageId = `${sessionId}:${index}`;
    if (head.hit) {
      const row = contentOf.get(head.rowid) as { content: string | null } | undefined;
      const content = row?.content ?? '';
      if (head.role !== 'assistant') add({ messageId, role: head.role }, 'text', promptShownText(content));
      else if (mayShow(content, pattern)) add({ messageId, role: head.role }, 'text', shownText(content));
    }
    if (!head.toolCalls || candidates.size === 0) continue;
    for (const call of JSON.parse(head.toolCalls) as ToolCall[]) {
      const rowid = candidates.get(call.id);
      const row = rowid === undefined ? undefined : (callOf.get(rowid) as ToolCallRow | undefined);
      if (!row) continue;
      for (const [field, text] of cardTexts(row))
        add({ messageId, toolCallId: call.id, role: 'tool' }, field, text);
      if (hits.length > limit) break;
    }
  }
  return { hits: hits.slice(0, limit), truncated: hits.length > limit };
}
