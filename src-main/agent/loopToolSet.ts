import type { Clarifier } from './clarify';
import { LoopTools } from './loopTools';
import { clarifyTool } from './loopTools/clarify';
import { delegateTool, type DelegateOptions } from './loopTools/delegate';
import { memoryTool } from './loopTools/memory';
import { sessionSearchTool } from './loopTools/sessionSearch';
import { todoTool } from './loopTools/todo';
import type { MemoryStore } from './memoryStore';
import type { SessionStore } from './sessions/store';

/** The five agent-loop tools, bound to one agent's stores, user and delegation limits. */
export function buildLoopTools(deps: {
  store: () => SessionStore;
  memory: () => MemoryStore;
  clarifier?: Clarifier;
  delegation: DelegateOptions;
}): LoopTools {
  return new LoopTools({
    todo: todoTool(deps.store),
    memory: memoryTool(deps.memory),
    session_search: sessionSearchTool(deps.store),
    clarify: clarifyTool(deps.clarifier),
    delegate_task: delegateTool(deps.delegation),
  });
}
