import type { ToolHandler } from '../runtime/types';
import type { Clarifier } from './clarify';
import { clarifyTool } from './loopTools/clarify';
import { delegateTool, type DelegateOptions } from './loopTools/delegate';
import { memoryTool } from './loopTools/memory';
import { sessionSearchTool } from './loopTools/sessionSearch';
import { todoTool } from './loopTools/todo';
import type { EmitEvent, LoopHandlers } from './loopTools/types';
import type { MemoryStore } from './memoryStore';
import type { SessionStore } from './sessions/store';

/** The agent-loop tools' handlers, bound to one agent's stores, user, events and delegation limits. */
export function buildLoopTools(deps: {
  store: () => SessionStore;
  memory: () => MemoryStore;
  clarifier?: Clarifier;
  delegation: DelegateOptions;
  emit: EmitEvent;
}): ReadonlyMap<string, ToolHandler> {
  const handlers: LoopHandlers = {
    todo: todoTool(deps.store),
    memory: memoryTool(deps.memory),
    session_search: sessionSearchTool(deps.store),
    clarify: clarifyTool(deps.clarifier, deps.emit),
    delegate_task: delegateTool(deps.delegation),
  };
  return new Map(Object.entries(handlers));
}
