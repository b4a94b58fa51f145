import type { ToolHandler } from '../../runtime/types';
import type { AgentLoopToolName } from '../../tools/agentLoop';
import type { AgentEventBody } from '../events';

/** Reports an agent event from inside a loop tool (clarify's question and answer). */
export type EmitEvent = (event: AgentEventBody) => void;

/** One agent's handlers for its own tools, passed with each call it dispatches. */
export type LoopHandlers = Record<AgentLoopToolName, ToolHandler>;
