import type { ToolArgs } from '../../runtime/types';
import type { AgentEventBody } from '../events';

/** What an agent-loop tool receives besides its arguments. */
export interface LoopCallContext {
  sessionId: string;
  toolCallId: string;
  signal?: AbortSignal;
  emit(event: AgentEventBody): void;
}

/** Returns anything; non-strings are JSON-serialised, as for registry tools. */
export type LoopToolHandler = (args: ToolArgs, ctx: LoopCallContext) => unknown;
