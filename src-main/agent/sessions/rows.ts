import type {
  ApprovalRecord,
  ChatMessage,
  SessionSummary,
  ToolCall,
  ToolCallRecord,
} from '../../../src-shared/sessions';
import type { z } from 'zod';
import { FileDiffSchema } from '../../../src-shared/fileDiff';
import { RefusalFactsSchema, type RefusalFacts } from '../../../src-shared/toolCalls';

/** Row shapes of the sessions database and their mapping to the shared schemas. */

export interface SessionRow {
  id: string;
  title: string;
  parent_id: string | null;
  model: string | null;
  source: string;
  workspace: string | null;
  created_at: number;
  updated_at: number;
  message_count: number;
}

export interface MessageRow {
  role: ChatMessage['role'];
  content: string | null;
  tool_calls: string | null;
  tool_call_id: string | null;
}

export interface ToolCallRow {
  call_id: string;
  name: string;
  args: string;
  result: string | null;
  status: ToolCallRecord['status'];
  duration_ms: number | null;
  wait_ms: number | null;
  started_at: number;
  batch: string | null;
  ok: number | null;
  refusal: string | null;
  exit_code: number | null;
  file_diff: string | null;
}

export interface ApprovalRow {
  id: string;
  tool_call_id: string | null;
  command: string;
  reasons: string;
  decision: string | null;
  decided_by: string | null;
  asked_at: number;
  answered_at: number | null;
}

export function toSummary(row: SessionRow): SessionSummary {
  return {
    id: row.id,
    title: row.title,
    parentId: row.parent_id,
    model: row.model,
    source: row.source,
    workspace: row.workspace,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messageCount: row.message_count,
  };
}

export function toMessage(row: MessageRow): ChatMessage {
  const message: ChatMessage = { role: row.role, content: row.content };
  if (row.tool_calls) message.tool_calls = JSON.parse(row.tool_calls) as ToolCall[];
  if (row.tool_call_id) message.tool_call_id = row.tool_call_id;
  return message;
}

export function toToolCallRecord(row: ToolCallRow): ToolCallRecord {
  return {
    id: row.call_id,
    name: row.name,
    args: row.args,
    result: row.result,
    status: row.status,
    durationMs: row.duration_ms,
    waitMs: row.wait_ms,
    startedAt: row.started_at,
    batch: row.batch,
    ok: row.ok === null ? null : row.ok !== 0,
    refusal: refusalOf(row.refusal),
    exitCode: row.exit_code,
    fileDiff: parsedOrNull(row.file_diff, FileDiffSchema),
  };
}

/** A stored refusal; one that no longer fits the schema counts as none rather than failing the load. */
function refusalOf(json: string | null): RefusalFacts | null {
  return parsedOrNull(json, RefusalFactsSchema);
}

/** Stored JSON that no longer fits its schema counts as none rather than failing the load. */
function parsedOrNull<T>(json: string | null, schema: z.ZodType<T>): T | null {
  if (json === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function toApprovalRecord(row: ApprovalRow): ApprovalRecord {
  return {
    id: row.id,
    toolCallId: row.tool_call_id,
    command: row.command,
    reasons: JSON.parse(row.reasons) as string[],
    decision: row.decision,
    decidedBy: row.decided_by,
    askedAt: row.asked_at,
    answeredAt: row.answered_at,
  };
}
