import { z } from 'zod';
import {
  ApprovalModeSchema,
  ContainerPolicySchema,
  type ApprovalMode,
  type ContainerPolicy,
} from '../../../src-shared/ipc/schemas';
import { prefixDanger } from './prefixSafety';

export { ApprovalModeSchema, type ApprovalMode };

/** The `approvals` block of config.yaml, in the shape the gate reads. */
export const ApprovalSettingsSchema = z.object({
  mode: ApprovalModeSchema.default('manual'),
  /** 0 waits for an answer; a positive number denies after that many seconds. */
  timeoutSeconds: z.number().min(0).default(0),
  /** Container backends are isolated: their dangerous (never hardline) commands may skip the prompt. */
  containers: ContainerPolicySchema.default('skip'),
  /** Command-prefix rules, compared word by word against each segment. */
  deny: z.array(z.string()).default([]),
  allow: z.array(z.string()).default([]),
});
export type ApprovalSettings = z.infer<typeof ApprovalSettingsSchema>;

/**
 * Maps the snake_case config block onto gate settings. An allow rule typed into config.yaml that
 * would let a hardline command, or every command of a dangerous rule, through is left out and
 * reported to `onRefused` with why.
 */
export function approvalSettingsFromConfig(
  block: {
    mode?: ApprovalMode;
    timeout_seconds?: number;
    containers?: ContainerPolicy;
    deny?: string[];
    allow?: string[];
  },
  onRefused: (prefix: string, why: string) => void = () => undefined,
): ApprovalSettings {
  const allow = block.allow?.filter((prefix) => {
    const why = prefixDanger(prefix);
    if (why !== null) onRefused(prefix, why);
    return why === null;
  });
  return ApprovalSettingsSchema.parse({
    mode: block.mode,
    timeoutSeconds: block.timeout_seconds,
    containers: block.containers,
    deny: block.deny,
    allow,
  });
}
