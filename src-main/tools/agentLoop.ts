import { toolError } from '../runtime/errors';
import { functionSchema } from '../runtime/typedArgs';
import { CODING_PRESETS, SURFACE_PRESETS } from '../runtime/toolsetCatalog';
import { ClarifyArgs, DelegateTaskArgs, MemoryArgs, SessionSearchArgs, TodoArgs } from './agentLoopArgs';
import { registerUnavailable, type ToolModuleContext } from './toolModule';

/**
 * The tools the agent loop answers itself: the one list of their names. The registry offers them
 * like any tool; each agent passes its own handlers with the call (ToolContext.loopHandlers), and
 * outside an agent loop (`caduceus call todo`) the placeholder handler below answers.
 */
export const AGENT_LOOP_TOOLS = {
  todo: {
    toolset: 'todo',
    toolsetDescription: 'Task planning for multi-step work',
    presets: CODING_PRESETS,
    emoji: '📋',
    icon: 'list',
    args: TodoArgs,
    schema: functionSchema(
      'todo',
      'Keep a task list for this session. Without todos, returns the list. With todos, replaces it, or merges by id when merge=true.',
      TodoArgs,
    ),
  },
  memory: {
    toolset: 'memory',
    toolsetDescription: 'Persistent notes across sessions',
    presets: CODING_PRESETS,
    emoji: '🧠',
    icon: 'brain',
    args: MemoryArgs,
    schema: functionSchema(
      'memory',
      'Persistent notes that carry across sessions: add, replace or remove an entry.',
      MemoryArgs,
    ),
  },
  session_search: {
    toolset: 'session_search',
    toolsetDescription: 'Full-text search over past sessions',
    presets: CODING_PRESETS,
    emoji: '🗂️',
    icon: 'search',
    args: SessionSearchArgs,
    schema: functionSchema(
      'session_search',
      'Full-text search over past sessions; returns matching snippets with session ids.',
      SessionSearchArgs,
    ),
  },
  delegate_task: {
    toolset: 'delegation',
    toolsetDescription: 'Run sub-agents on sub-tasks',
    presets: CODING_PRESETS,
    emoji: '👥',
    icon: 'people',
    args: DelegateTaskArgs,
    schema: functionSchema(
      'delegate_task',
      'Hand sub-tasks to child agents with their own context; their results are summarised back.',
      DelegateTaskArgs,
    ),
  },
  clarify: {
    toolset: 'clarify',
    toolsetDescription: 'Ask the user a question',
    presets: SURFACE_PRESETS,
    emoji: '❓',
    icon: 'question',
    args: ClarifyArgs,
    schema: functionSchema(
      'clarify',
      'Ask the user a question and wait for the answer; offer choices when there are few.',
      ClarifyArgs,
    ),
  },
};

export type AgentLoopToolName = keyof typeof AGENT_LOOP_TOOLS;

export function registerTools(ctx: ToolModuleContext): void {
  const specs = (Object.keys(AGENT_LOOP_TOOLS) as AgentLoopToolName[]).map((name) => {
    const { toolset, toolsetDescription, presets, emoji, icon, schema } = AGENT_LOOP_TOOLS[name];
    // clarify waits on the user, so nothing runs beside it.
    return {
      name,
      toolset,
      toolsetDescription,
      presets,
      emoji,
      icon,
      schema,
      parallelSafe: name === 'session_search',
      neverParallel: name === 'clarify',
    };
  });
  if (!ctx.services.agentLoop) {
    registerUnavailable(ctx, 'Agent', specs);
    return;
  }
  for (const spec of specs) {
    ctx.registry.register({
      ...spec,
      checkFn: () => true,
      handler: () => toolError(`${spec.name} must be handled by the agent loop`),
    });
  }
}
