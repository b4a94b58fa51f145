import { z } from 'zod';
import { ApprovalModeSchema, ApprovalsBlockSchema, type ApprovalMode } from '../../../src-shared/ipc/schemas';
import { prefixDanger } from './prefixSafety';

export { ApprovalModeSchema, type ApprovalMode };

const { timeout_seconds: timeoutSeconds, ...block } = ApprovalsBlockSchema.shape;

/** The `approvals` block of config.yaml (its one declaration), in the camelCase the gate reads. */
export const ApprovalSettingsSchema = z.object({ ...block, timeoutSeconds });
export type ApprovalSettings = z.infer<typeof ApprovalSettingsSchema>;

/**
 * Maps the snake_case config block onto gate settings. An allow rule typed into config.yaml that
 * would let a hardline command, or every command of a dangerous rule, through is left out and
 * reported to `onRefused` with why.
 */
export function approvalSettingsFromConfig(
  block: z.input<typeof ApprovalsBlockSchema>,
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
