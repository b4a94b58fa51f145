import { z } from 'zod';
import {
  ApprovalRefusalSchema,
  CallTimeFields,
  ClarifyFields,
  ToolOutputFields,
  TurnEndFields,
  TurnEndSchema,
} from '../agentEvents';
import { MessageRoleSchema } from '../sessions';
import { FileDiffSchema } from '../fileDiff';
import { ToolCallStatusSchema } from '../toolCalls';
import { UsageTotalsSchema } from '../usage';
import { SessionWorktreeSchema } from './worktreeSchemas';

/** Chat and session shapes the UI shows; main maps the agent's own events onto these. */

export const ExportFormatSchema = z.enum(['markdown', 'json']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Why the approval gate refused a command, in words for a person (the model gets its own text). */
export const ToolRefusalSchema = z.object({
  kind: ApprovalRefusalSchema,
  /** One line: what was refused. */
  title: z.string(),
  /** Why, in plain words. */
  reason: z.string(),
  /** Who decided, in the ledger's vocabulary (`src-shared/approvalsLedger.ts`), unchanged. */
  decidedBy: z.string().optional(),
  /** The rule that decided, when one did. */
  rule: z.string().optional(),
  /** What the user can do about it. */
  advice: z.string(),
  /** The user's note to the agent, when they gave one with their "no". */
  note: z.string().optional(),
});
export type ToolRefusal = z.infer<typeof ToolRefusalSchema>;

/** What a finished card shows besides its status: readable output, arguments and refusals. */
export const ToolCallDetailsSchema = z.object({
  /** The command's exit code, when the tool ran one. */
  exitCode: z.number().nullable().optional(),
  /** The tool's output as text (not JSON), when it has one. */
  outputText: z.string().optional(),
  /** An error the tool reported, in words. */
  errorText: z.string().optional(),
  refusal: ToolRefusalSchema.optional(),
  /** What a file write changed (write_file, patch). */
  fileDiff: FileDiffSchema.optional(),
});
export type ToolCallDetails = z.infer<typeof ToolCallDetailsSchema>;

export const ToolCallViewSchema = ToolCallDetailsSchema.extend({
  id: z.string(),
  name: z.string(),
  emoji: z.string(),
  /** The line icon the tool's registration names. */
  icon: z.string().optional(),
  args: z.string(),
  argsPreview: z.string(),
  taskId: z.string(),
  status: ToolCallStatusSchema,
  startedAt: z.number(),
  /** The call's own time; `waitMs` is the time it waited for a person, shown apart. */
  durationMs: z.number().optional(),
  waitMs: z.number().optional(),
  /** The whole result; in `sessions.get` empty when the card shows it as output, error or refusal. */
  result: z.string().optional(),
  /** Shared by the calls that ran in parallel with this one; absent when it ran alone. */
  batch: z.string().optional(),
  /**
   * A stored call whose long result was not sent with the session: its length in characters. The
   * card fetches its output page by page (`sessions.toolOutput`) when it is opened.
   */
  outputSize: z.number().optional(),
});
export type ToolCallView = z.infer<typeof ToolCallViewSchema>;

/** A page of a stored call's output: the tool's output text (or its whole result) from an offset. */
export const ToolOutputPageSchema = z.object({
  text: z.string(),
  /** The whole output's length in characters. */
  total: z.number(),
  /**
   * The text is the call's whole result, a JSON object with no output text: the card shows it
   * formatted, as its Result, as it does a result sent with the session.
   */
  wholeResult: z.literal(true).optional(),
});
export type ToolOutputPage = z.infer<typeof ToolOutputPageSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  role: MessageRoleSchema,
  content: z.string(),
  toolCalls: z.array(ToolCallViewSchema).default([]),
  createdAt: z.number(),
  /** A live message's id in `sessions.get` (and find hits), once main knows where it is stored. */
  storedId: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * A session at a glance: a turn running (or queued), waiting for a person (approval, question,
 * input), a finished answer not yet viewed, a failed turn not yet viewed, or nothing.
 */
export const SessionRunStateSchema = z.enum(['running', 'waiting', 'unread', 'failed', 'idle']);
export type SessionRunState = z.infer<typeof SessionRunStateSchema>;

export const SessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  /** The folder the session works in; absent for sessions stored before workspaces existed. */
  workspace: z.string().optional(),
  /** A matching snippet when the list was searched. */
  snippet: z.string().optional(),
  /** A turn is running in it now (maybe in the background). */
  running: z.boolean().optional(),
  /** What it needs from a person, at a glance (sessionStates.ts in main). */
  state: SessionRunStateSchema.optional(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const SessionDetailSchema = SessionSummarySchema.extend({
  messages: z.array(ChatMessageSchema),
  /** Tokens (and cost) of the last turn that reported any, and of the whole session. */
  usage: UsageTotalsSchema.optional(),
  /** The git worktree the session works in, if it has one. */
  worktree: SessionWorktreeSchema.optional(),
});
export type SessionDetail = z.infer<typeof SessionDetailSchema>;

const base = { sessionId: z.string(), turnId: z.string() };

export const ChatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('turn.started'), ...base, userMessage: ChatMessageSchema }),
  /** The turn waits for a free slot (`sessions.max_concurrent_turns`); turn.started follows. */
  z.object({ type: z.literal('turn.queued'), ...base, running: z.number() }),
  z.object({ type: z.literal('assistant.delta'), ...base, messageId: z.string(), text: z.string() }),
  z.object({ type: z.literal('assistant.message'), ...base, message: ChatMessageSchema }),
  z.object({
    type: z.literal('tool.started'),
    ...base,
    messageId: z.string(),
    call: ToolCallViewSchema,
    /** The stored id of the message that made the call (`ChatMessage.storedId`). */
    storedMessageId: z.string().optional(),
  }),
  z.object({ type: z.literal('tool.output'), ...base, ...ToolOutputFields }),
  z.object({
    type: z.literal('tool.finished'),
    ...base,
    toolCallId: z.string(),
    status: ToolCallStatusSchema.exclude(['running']),
    ...CallTimeFields,
    result: z.string(),
    details: ToolCallDetailsSchema.optional(),
  }),
  z.object({
    type: z.literal('clarify.requested'),
    ...base,
    id: z.string(),
    question: ClarifyFields.question,
    choices: ClarifyFields.choices.optional(),
  }),
  z.object({
    type: z.literal('turn.finished'),
    ...base,
    status: TurnEndSchema,
    ...TurnEndFields,
  }),
]);
export type ChatEvent = z.infer<typeof ChatEventSchema>;
