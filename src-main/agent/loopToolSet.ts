import { typedHandler } from '../runtime/typedArgs';
import type { ToolHandler } from '../runtime/types';
import { AGENT_LOOP_TOOLS } from '../tools/agentLoop';
import type { Clarifier } from './clarify';
import { clarifyTool } from './loopTools/clarify';
import { delegateTool, type DelegateOptions } from './loopTools/delegate';
import { memoryTool } from './loopTools/memory';
import { sessionSearchTool } from './loopTools/sessionSearch';
import { todoTool } from './loopTools/todo';
import type { EmitEvent, LoopHandlers } from './loopTools/types';
import type { MemoryWriteGate } from './memoryApproval';
import type { MemoryStore } from './memoryStore';
import type { SessionStore } from './sessions/store';

/** The agent-loop tools' handlers, bound to one agent's stores, user, events and delegation limits. */
export function buildLoopTools(deps: {
  store: () => SessionStore;
  memory: () => MemoryStore;
  memoryWrites?: MemoryWriteGate | undefined;
  clarifier?: Clarifier;
  delegation: DelegateOptions;
  emit: EmitEvent;
}): ReadonlyMap<string, ToolHandler> {
  const { todo, memory, session_search, clarify, delegate_task } = AGENT_LOOP_TOOLS;
  const handlers: LoopHandlers = {
    todo: typedHandler('todo', todo.args, todoTool(deps.store)),
    memory: typedHandler('memory', memory.args, memoryTool(deps.memory, deps.memoryWrites)),
    session_search: typedHandler('session_search', session_search.args, sessionSearchTool(deps.store)),
    clarify: typedHandler('clarify', clarify.args, clarifyTool(deps.clarifier, deps.emit)),
    delegate_task: typedHandler('delegate_task', delegate_task.args, delegateTool(deps.delegation)),
  };
  return new Map(Object.entries(handlers));
}
