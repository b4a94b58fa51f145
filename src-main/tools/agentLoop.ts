import { toolError } from '../runtime/errors';
import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

/**
 * The tools the agent loop answers itself: the one list of their names. The registry offers them
 * like any tool; each agent passes its own handlers with the call (ToolContext.loopHandlers), and
 * outside an agent loop (`caduceus call todo`) the placeholder handler below answers.
 */
export const AGENT_LOOP_TOOLS = {
  todo: {
    toolset: 'todo',
    emoji: '📋',
    schema: fn(
      'todo',
      'Keep a task list for this session. Without todos, returns the list. With todos, replaces it, or merges by id when merge=true.',
      {
        todos: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              content: { type: 'string' },
              status: { type: 'string', enum: ['pending', 'in_progress', 'completed', 'cancelled'] },
            },
            required: ['id'],
          },
        },
        merge: { type: 'boolean' },
      },
    ),
  },
  memory: {
    toolset: 'memory',
    emoji: '🧠',
    schema: fn(
      'memory',
      'Persistent notes that carry across sessions: add, replace or remove an entry.',
      {
        action: { type: 'string', enum: ['add', 'replace', 'remove'] },
        content: { type: 'string', description: 'add/replace: the new entry' },
        old_text: { type: 'string', description: 'replace/remove: a unique part of the entry to change' },
      },
      ['action'],
    ),
  },
  session_search: {
    toolset: 'session_search',
    emoji: '🗂️',
    schema: fn(
      'session_search',
      'Full-text search over past sessions; returns matching snippets with session ids.',
      {
        query: { type: 'string' },
        role: { type: 'string', enum: ['user', 'assistant', 'tool'] },
        limit: { type: 'integer', minimum: 1, maximum: 50 },
      },
      ['query'],
    ),
  },
  delegate_task: {
    toolset: 'delegation',
    emoji: '👥',
    schema: fn(
      'delegate_task',
      'Hand sub-tasks to child agents with their own context; their results are summarised back.',
      {
        tasks: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              goal: { type: 'string' },
              context: { type: 'string' },
              toolsets: { type: 'array', items: { type: 'string' } },
            },
            required: ['goal'],
          },
        },
      },
      ['tasks'],
    ),
  },
  clarify: {
    toolset: 'clarify',
    emoji: '❓',
    schema: fn(
      'clarify',
      'Ask the user a question and wait for the answer; offer choices when there are few.',
      { question: { type: 'string' }, choices: { type: 'array', items: { type: 'string' } } },
      ['question'],
    ),
  },
};

export type AgentLoopToolName = keyof typeof AGENT_LOOP_TOOLS;

export function registerTools(ctx: ToolModuleContext): void {
  const specs = (Object.keys(AGENT_LOOP_TOOLS) as AgentLoopToolName[]).map((name) => ({
    name,
    ...AGENT_LOOP_TOOLS[name],
    parallelSafe: name === 'session_search',
  }));
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
