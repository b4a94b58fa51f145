/**
 * Memory is read at the start of every later session, so each write is on the approvals ledger.
 * With `memory.write_approval: ask`, or where nobody may say yes (`--approvals deny`), a write is
 * a question to the approval gate; otherwise it is allowed by that setting and recorded so.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { MemoryWriteApprovalSchema } from '../../src-shared/ipc/schemas';
import { MEMORY_WRITE, ruleFor } from '../approval/analysis';
import type { LedgerSink } from '../approval/gate';
import type { ToolContext, ToolOutcome } from '../runtime/types';
import { gateRefusal } from '../tools/terminal/wiring';
import type { CommandGate } from '../tools/toolModule';
import type { MemoryPlan } from './memoryStore';

type Planned = Extract<MemoryPlan, { ok: true }>;

/** Undefined when the write may go ahead, else the refusal the model reads. */
export type MemoryWriteGate = (plan: Planned, call: ToolContext) => Promise<ToolOutcome | undefined>;

export type MemoryWriteApproval = z.infer<typeof MemoryWriteApprovalSchema>;

/** The config setting that allows writes without a question; the ledger names it as the rule. */
export const MEMORY_APPROVAL_RULE = 'memory.write_approval';

/** The ledger's subject for a write: what it does, ending in the entry written when there is one. */
export function memoryWriteWords(plan: Planned): string {
  if (plan.action === 'add') return `memory add: ${plan.after ?? ''}`;
  if (plan.action === 'replace') return `memory replace "${plan.before ?? ''}" with: ${plan.after ?? ''}`;
  return `memory remove: ${plan.before ?? ''}`;
}

/** The entry a ledger subject says was written, if it records an add or a replace. */
export function writtenEntry(subject: string): string | undefined {
  if (subject.startsWith('memory add: ')) return subject.slice('memory add: '.length);
  const replaced = /^memory replace "[\s\S]*" with: ([\s\S]*)$/.exec(subject);
  return replaced?.[1];
}

function detailOf(plan: Planned): string {
  if (plan.action === 'add') return `Adds to memory:\n${plan.after ?? ''}`;
  if (plan.action === 'replace')
    return `Replaces in memory:\n${plan.before ?? ''}\n\nwith:\n${plan.after ?? ''}`;
  return `Removes from memory:\n${plan.before ?? ''}`;
}

export function memoryWriteGate(deps: {
  gate: CommandGate;
  ledger: LedgerSink;
  approval: () => MemoryWriteApproval;
  /** The host answers every question with no (`--approvals deny`). */
  hostRefuses: boolean;
  now?: () => number;
}): MemoryWriteGate {
  const now = deps.now ?? Date.now;
  return async (plan, call) => {
    const words = memoryWriteWords(plan);
    if (deps.approval() === 'ask' || deps.hostRefuses)
      return gateRefusal(deps.gate, words, call, {
        subjectKind: 'memory',
        detail: detailOf(plan),
        extraKeys: [MEMORY_WRITE],
      });
    deps.ledger.record({
      id: randomUUID(),
      at: now(),
      sessionId: call.sessionId,
      toolCallId: call.toolCallId,
      subjectKind: 'memory',
      subject: words,
      keys: [MEMORY_WRITE],
      reasons: [ruleFor(MEMORY_WRITE)?.description ?? MEMORY_WRITE],
      allowed: true,
      decidedBy: 'allow-rule',
      rule: MEMORY_APPROVAL_RULE,
      scope: 'once',
      expiresAt: null,
    });
    return undefined;
  };
}
