import { z } from 'zod';
import type { RefusalFacts } from '../../src-shared/toolCalls';
import type { ToolOutcome } from '../runtime/types';

/** The fields of the gate's refusal data (tools/terminal/wiring.ts `gateRefusal`) a card words. */
const GateDataSchema = z.object({
  decided_by: z.string().optional(),
  rule: z.string().optional(),
  reasons: z.array(z.string()).optional(),
  note: z.string().optional(),
});

/** An outcome's refusal with the facts its `data` holds (not its text, which hooks may rewrite). */
export function refusalFacts(outcome: Pick<ToolOutcome, 'refusal' | 'data'>): RefusalFacts | undefined {
  if (!outcome.refusal) return undefined;
  const data = GateDataSchema.safeParse(outcome.data);
  if (!data.success) return { kind: outcome.refusal };
  const { decided_by: decidedBy, rule, reasons, note } = data.data;
  return {
    kind: outcome.refusal,
    ...(decidedBy ? { decidedBy } : {}),
    ...(rule ? { rule } : {}),
    ...(reasons?.length ? { reasons } : {}),
    ...(note ? { note } : {}),
  };
}
