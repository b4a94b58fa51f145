import { z } from 'zod';

export const ApprovalModeSchema = z.enum(['manual', 'smart', 'off']);
export type ApprovalMode = z.infer<typeof ApprovalModeSchema>;

/** The `approvals` block of config.yaml, in the shape the gate reads. */
export const ApprovalSettingsSchema = z.object({
  mode: ApprovalModeSchema.default('manual'),
  timeoutSeconds: z.number().positive().default(120),
  /** Container backends are isolated: their dangerous (never hardline) commands may skip the prompt. */
  containers: z.enum(['prompt', 'skip']).default('skip'),
  /** Command-prefix rules, compared word by word against each segment. */
  deny: z.array(z.string()).default([]),
  allow: z.array(z.string()).default([]),
});
export type ApprovalSettings = z.infer<typeof ApprovalSettingsSchema>;

/** config.yaml `command_allowlist`: rule keys approved for good. */
export const CommandAllowlistSchema = z.array(z.string()).default([]);

/** Maps the snake_case config block onto gate settings. */
export function approvalSettingsFromConfig(block: {
  mode?: ApprovalMode;
  timeout_seconds?: number;
  containers?: 'prompt' | 'skip';
  deny?: string[];
  allow?: string[];
}): ApprovalSettings {
  return ApprovalSettingsSchema.parse({
    mode: block.mode,
    timeoutSeconds: block.timeout_seconds,
    containers: block.containers,
    deny: block.deny,
    allow: block.allow,
  });
}
