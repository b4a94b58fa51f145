import { z } from 'zod';
import { UsageTotalsSchema } from './usage';
import { ApprovalChoiceSchema } from './ipc/schemas';
import { CallOutcomeSchema, ToolCallStatusSchema, ToolRunStatusSchema } from './toolCalls';

/** What the agent loop tells the UI while a turn runs. Child agents emit the same events. */

const base = {
  sessionId: z.string(),
  /** 0 for the agent the user talks to; children of delegate_task count up from there. */
  depth: z.number().int().nonnegative(),
};

export const TurnStatusSchema = z.enum(['completed', 'max_iterations', 'cancelled', 'error']);
export type TurnStatus = z.infer<typeof TurnStatusSchema>;

/** How a turn ended, as the page tells it: an answer (after all its steps or the last allowed), a stop or a failure. */
export const TurnEndSchema = z.enum(['done', 'cancelled', 'error']);
export type TurnEnd = z.infer<typeof TurnEndSchema>;

export const TURN_ENDS: Record<TurnStatus, TurnEnd> = {
  completed: 'done',
  max_iterations: 'done',
  cancelled: 'cancelled',
  error: 'error',
};

/** Fields an agent event and the chat event made from it share, declared once. */
export const ToolOutputFields = { toolCallId: z.string(), chunk: z.string() };
export const ClarifyFields = { question: z.string(), choices: z.array(z.string()) };
/** A call's own time, and apart from it how long it waited for a person to answer its approval. */
export const CallTimeFields = {
  durationMs: z.number().nonnegative(),
  waitMs: z.number().nonnegative().optional(),
};
export const TurnEndFields = { error: z.string().optional(), usage: UsageTotalsSchema.optional() };

/** A person's choice, or no answer in time. */
export const ApprovalDecisionSchema = z.enum([...ApprovalChoiceSchema.options, 'timeout']);
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** How the approval gate refused a command: without asking (blocked) or by a person's no (denied). */
export const ApprovalRefusalSchema = ToolCallStatusSchema.extract(['blocked', 'denied']);
export type ApprovalRefusal = z.infer<typeof ApprovalRefusalSchema>;

export const AgentEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('turn_started'),
    ...base,
    parentSessionId: z.string().optional(),
    prompt: z.string(),
  }),
  z.object({ type: z.literal('assistant_delta'), ...base, text: z.string() }),
  z.object({
    type: z.literal('tool_started'),
    ...base,
    toolCallId: z.string(),
    name: z.string(),
    emoji: z.string(),
    /** The line icon its registration names. */
    icon: z.string().optional(),
    argsPreview: z.string(),
    /** The raw JSON arguments, for a readable form in the UI. */
    args: z.string().optional(),
    /** Shared by the calls of a batch that run in parallel; absent when the call runs alone. */
    batch: z.string().optional(),
  }),
  z.object({ type: z.literal('tool_output'), ...base, ...ToolOutputFields }),
  z.object({
    type: z.literal('tool_finished'),
    ...base,
    toolCallId: z.string(),
    name: z.string(),
    status: ToolRunStatusSchema,
    ...CallTimeFields,
    resultPreview: z.string(),
    /** The whole result the model received, for cards that show output as text. */
    result: z.string().optional(),
    /** The approval gate refused the command. */
    approval: ApprovalRefusalSchema.optional(),
    /** The outcome's facts (refusal with who decided, exit code) for the card, as stored. */
    outcome: CallOutcomeSchema.optional(),
  }),
  z.object({
    type: z.literal('approval_requested'),
    ...base,
    requestId: z.string(),
    toolCallId: z.string().optional(),
    command: z.string(),
    reasons: z.array(z.string()),
  }),
  z.object({
    type: z.literal('approval_resolved'),
    ...base,
    requestId: z.string(),
    decision: ApprovalDecisionSchema,
    /** Who decided, in the vocabulary of `approvalsLedger.ts` (`human` only when a person answered). */
    decidedBy: z.string(),
  }),
  z.object({
    type: z.literal('clarify_requested'),
    ...base,
    requestId: z.string(),
    ...ClarifyFields,
  }),
  z.object({
    type: z.literal('clarify_resolved'),
    ...base,
    requestId: z.string(),
    answer: z.string().nullable(),
  }),
  z.object({
    type: z.literal('turn_finished'),
    ...base,
    status: TurnStatusSchema,
    text: z.string(),
    iterations: z.number().int().nonnegative(),
    ...TurnEndFields,
  }),
]);
export type AgentEvent = z.infer<typeof AgentEventSchema>;
