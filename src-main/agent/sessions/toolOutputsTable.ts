import type { ToolOutputPage } from '../../../src-shared/ipc/chatSchemas';
import type { ToolCallRecord } from '../../../src-shared/sessions';
import { toToolCallRecord, type ToolCallRow } from './rows';
import type { Database } from './sqlite';

/**
 * Results longer than this (in UTF-8 bytes) stay in the database until their card is opened: a
 * card opens closed, and a long session's many short outputs (a file read, ~1 KB) were half of
 * what opening it sent. A result this short is sent with its card.
 */
export const LEAN_RESULT_CHARS = 512;

/**
 * A stored call for its card. `result` is there when it is short, or when the call was stored
 * before outcomes were (its status is read from the text); otherwise `resultChars` says how long
 * it is (in bytes: counting needs no read of the text), and `errorText` is the error a failed call's result names.
 */
export interface LeanToolCallRecord extends ToolCallRecord {
  resultChars: number;
  errorText?: string;
}

// The text a card shows as output: what the tool output (output, content or stdout), else the result.
const OUTPUT_TEXT = `CASE
  WHEN json_valid(result) AND json_type(result, '$.output') = 'text' THEN json_extract(result, '$.output')
  WHEN json_valid(result) AND json_type(result, '$.content') = 'text' THEN json_extract(result, '$.content')
  WHEN json_valid(result) AND json_type(result, '$.stdout') = 'text' THEN json_extract(result, '$.stdout')
  ELSE result END`;

// Whether that text is the whole result, a JSON object without output text (the card's Result).
// A CASE, as AND would still ask json_type about text that is not JSON, which fails.
const WHOLE_RESULT = `CASE WHEN json_valid(result) THEN json_type(result) = 'object'
  AND coalesce(json_type(result, '$.output'), '') != 'text'
  AND coalesce(json_type(result, '$.content'), '') != 'text'
  AND coalesce(json_type(result, '$.stdout'), '') != 'text' END`;

/** Tool results read the way a transcript needs them: cards without long outputs, and pages of one. */
export class ToolOutputsTable {
  constructor(private readonly db: Database) {}

  /** The session's calls in order, long results left out. */
  leanCalls(sessionId: string): LeanToolCallRecord[] {
    const rows = this.db
      .prepare(
        `SELECT call_id, name, args, status, duration_ms, wait_ms, started_at, batch, ok, refusal, exit_code,
                file_diff, coalesce(octet_length(result), 0) AS result_chars,
                CASE WHEN ok IS NULL OR octet_length(result) <= $lean THEN result END AS result,
                CASE WHEN ok = 0 AND octet_length(result) > $lean AND json_valid(result)
                          AND json_type(result, '$.error') = 'text'
                     THEN json_extract(result, '$.error') END AS error_text
         FROM tool_calls WHERE session_id = $session ORDER BY id`,
      )
      .all({ lean: LEAN_RESULT_CHARS, session: sessionId }) as unknown as (ToolCallRow & {
      result_chars: number;
      error_text: string | null;
    })[];
    return rows.map((row) => ({
      ...toToolCallRecord(row),
      resultChars: row.result_chars,
      ...(row.error_text ? { errorText: row.error_text } : {}),
    }));
  }

  /** `limit` characters of a call's output from `offset`; undefined for a call it does not hold. */
  page(sessionId: string, callId: string, offset: number, limit: number): ToolOutputPage | undefined {
    const row = this.db
      .prepare(
        `SELECT substr(t, $from, $limit) AS text, length(t) AS total, whole FROM (
           SELECT coalesce(${OUTPUT_TEXT}, '') AS t, coalesce(${WHOLE_RESULT}, 0) AS whole FROM tool_calls
           WHERE session_id = $session AND call_id = $call ORDER BY id DESC LIMIT 1)`,
      )
      .get({ from: offset + 1, limit, session: sessionId, call: callId }) as
      { text: string; total: number; whole: number } | undefined;
    if (!row) return undefined;
    return { text: row.text, total: row.total, ...(row.whole ? { wholeResult: true as const } : {}) };
  }
}
