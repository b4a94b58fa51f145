import { z } from 'zod';
import { MessageRoleSchema } from '../sessions';

/** Where in the transcript a find hit lies: a message's text, or a part of a tool call's card. */
export const FindFieldSchema = z.enum(['text', 'args', 'output', 'error', 'result']);
export type FindField = z.infer<typeof FindFieldSchema>;

/** One occurrence of the searched text, in transcript order. */
export const FindHitSchema = z.object({
  /** The chat message (the same id `sessions.get` gives it) that shows the hit. */
  messageId: z.string(),
  /** The tool call whose card holds the hit, when it is not in the message's own text. */
  toolCallId: z.string().optional(),
  role: MessageRoleSchema.exclude(['system']),
  field: FindFieldSchema,
  /** Where the match starts in the field's text, and how long it is. */
  offset: z.number().int().nonnegative(),
  length: z.number().int().nonnegative(),
  /** The match with a little text either side. */
  snippet: z.object({ before: z.string(), match: z.string(), after: z.string() }),
});
export type FindHit = z.infer<typeof FindHitSchema>;

export const FindResultSchema = z.object({
  hits: z.array(FindHitSchema),
  /** More hits exist past the limit. */
  truncated: z.boolean(),
});
export type FindResult = z.infer<typeof FindResultSchema>;

export const FIND_DEFAULT_LIMIT = 1000;

export const findRequests = {
  /** Find-in-session: plain text, case-insensitive, over messages and every tool call's card. */
  'sessions.find': {
    input: z
      .object({
        id: z.string(),
        query: z.string().min(1).max(500),
        limit: z.number().int().min(1).max(5000).optional(),
      })
      .strict(),
    output: FindResultSchema,
  },
};
