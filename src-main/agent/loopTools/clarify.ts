import { randomUUID } from 'node:crypto';
import { toolError } from '../../runtime/errors';
import type { Clarifier } from '../clarify';
import type { ToolContext } from '../../runtime/types';
import type { ClarifyArgs } from '../../tools/agentLoopArgs';
import type { EmitEvent } from './types';

/** Asks the user and waits; the answer (or the lack of one) is the result. */
export function clarifyTool(clarifier: Clarifier | undefined, emit: EmitEvent) {
  return async (args: ClarifyArgs, ctx: ToolContext) => {
    if (!clarifier) return toolError('No user is available to answer; decide with your best judgement.');
    const requestId = randomUUID();
    const { question, choices = [] } = args;
    emit({ type: 'clarify_requested', requestId, question, choices });
    let answer: string | null = null;
    try {
      answer = await clarifier({ requestId, sessionId: ctx.sessionId, question, choices }, ctx.signal);
    } finally {
      emit({ type: 'clarify_resolved', requestId, answer });
    }
    if (answer === null) return toolError('The user did not answer; decide with your best judgement.');
    return { question, answer };
  };
}
