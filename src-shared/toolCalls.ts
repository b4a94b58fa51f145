import { z } from 'zod';
import { FileDiffSchema } from './fileDiff';

/**
 * How a tool call stands: the one list every process uses; the narrower sets below are parts of
 * it. `stopped`: the user stopped the turn before the call finished; `interrupted`: the process
 * running it died (a crash, kill -9) and a later start found it unfinished.
 */
export const ToolCallStatusSchema = z.enum([
  'running',
  'ok',
  'error',
  'blocked',
  'denied',
  'stopped',
  'interrupted',
]);
export type ToolCallStatus = z.infer<typeof ToolCallStatusSchema>;

/** How the agent's runner ended a call; a refusal comes with its outcome (`CallOutcome`). */
export const ToolRunStatusSchema = ToolCallStatusSchema.extract(['ok', 'error', 'stopped']);
export type ToolRunStatus = z.infer<typeof ToolRunStatusSchema>;

/** A call as the session store keeps it: running until the runner ends it. */
export const StoredToolCallStatusSchema = ToolCallStatusSchema.extract([
  'running',
  'ok',
  'error',
  'stopped',
  'interrupted',
]);
export type StoredToolCallStatus = z.infer<typeof StoredToolCallStatusSchema>;

/**
 * The approval gate's refusal as facts, kept with a stored call so its card words it without
 * reading the text the model got (a hook may have rewritten that).
 */
export const RefusalFactsSchema = z.object({
  kind: ToolCallStatusSchema.extract(['blocked', 'denied']),
  decidedBy: z.string().optional(),
  rule: z.string().optional(),
  reasons: z.array(z.string()).optional(),
  note: z.string().optional(),
});
export type RefusalFacts = z.infer<typeof RefusalFactsSchema>;

/**
 * What a call's outcome said, as facts: the gate's refusal and the exit code of the command it
 * ran. Carried by the live event and kept by the session store (since v7), so no card reads them
 * back out of the result's text.
 */
export const CallOutcomeSchema = z.object({
  refusal: RefusalFactsSchema.optional(),
  exitCode: z.number().nullable().optional(),
  /** What a file write changed (write_file, patch), kept since v9. */
  fileDiff: FileDiffSchema.optional(),
});
export type CallOutcome = z.infer<typeof CallOutcomeSchema>;
