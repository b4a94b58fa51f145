import { z } from 'zod';
import { FileDiffSchema } from './fileDiff';
import { RefusalFactsSchema, StoredToolCallStatusSchema } from './toolCalls';

/** Stored sessions as the UI and the CLI see them. */

export const ToolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const MessageRoleSchema = z.enum(['system', 'user', 'assistant', 'tool']);

/** One chat message in the OpenAI shape, which is also how it is stored. */
export const ChatMessageSchema = z.object({
  role: MessageRoleSchema,
  content: z.string().nullable(),
  tool_calls: z.array(ToolCallSchema).optional(),
  tool_call_id: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const SessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  parentId: z.string().nullable(),
  model: z.string().nullable(),
  source: z.string(),
  /** The folder the session works in; null for sessions stored before workspaces existed. */
  workspace: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number().int().nonnegative(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const ToolCallRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  args: z.string(),
  result: z.string().nullable(),
  status: StoredToolCallStatusSchema,
  durationMs: z.number().nullable(),
  /** Time spent waiting for a person's answer, apart from durationMs; null before it was kept. */
  waitMs: z.number().nullable().optional(),
  startedAt: z.number(),
  /** The parallel batch the call ran in; null when it ran on its own. */
  batch: z.string().nullable().optional(),
  /** The outcome said it succeeded; null for calls stored before outcomes were (and running ones). */
  ok: z.boolean().nullable().optional(),
  /** The approval gate's refusal, null when there was none or the call predates outcomes. */
  refusal: RefusalFactsSchema.nullable().optional(),
  /** The exit code of the command the call ran, null when none is known. */
  exitCode: z.number().nullable().optional(),
  /** What a file write changed, null when it was none or the call predates v9. */
  fileDiff: FileDiffSchema.nullable().optional(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecordSchema>;

export const ApprovalRecordSchema = z.object({
  id: z.string(),
  toolCallId: z.string().nullable(),
  command: z.string(),
  reasons: z.array(z.string()),
  decision: z.string().nullable(),
  decidedBy: z.string().nullable(),
  askedAt: z.number(),
  answeredAt: z.number().nullable(),
});
export type ApprovalRecord = z.infer<typeof ApprovalRecordSchema>;

export const SessionSearchHitSchema = z.object({
  sessionId: z.string(),
  title: z.string(),
  role: z.string(),
  snippet: z.string(),
  createdAt: z.number(),
});
export type SessionSearchHit = z.infer<typeof SessionSearchHitSchema>;

export const TodoItemSchema = z.object({
  id: z.string(),
  content: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed', 'cancelled']),
});
export type TodoItem = z.infer<typeof TodoItemSchema>;
