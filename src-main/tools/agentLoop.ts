import { toolError } from '../runtime/errors';
import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

/** Schemas of the tools the agent loop answers itself (dispatch refuses them). */
export const AGENT_LOOP_SCHEMAS = {
  todo: fn(
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
  memory: fn(
    'memory',
    'Persistent notes that carry across sessions: add, replace or remove an entry.',
    {
      action: { type: 'string', enum: ['add', 'replace', 'remove'] },
      content: { type: 'string', description: 'add/replace: the new entry' },
      old_text: { type: 'string', description: 'replace/remove: a unique part of the entry to change' },
    },
    ['action'],
  ),
  session_search: fn(
    'session_search',
    'Full-text search over past sessions; returns matching snippets with session ids.',
    {
      query: { type: 'string' },
      role: { type: 'string', enum: ['user', 'assistant', 'tool'] },
      limit: { type: 'integer', minimum: 1, maximum: 50 },
    },
    ['query'],
  ),
  delegate_task: fn(
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
  clarify: fn(
    'clarify',
    'Ask the user a question and wait for the answer; offer choices when there are few.',
    { question: { type: 'string' }, choices: { type: 'array', items: { type: 'string' } } },
    ['question'],
  ),
};

const TOOLSET = {
  todo: 'todo',
  memory: 'memory',
  session_search: 'session_search',
  delegate_task: 'delegation',
  clarify: 'clarify',
};
const EMOJI = { todo: '📋', memory: '🧠', session_search: '🗂️', delegate_task: '👥', clarify: '❓' };

export function registerTools(ctx: ToolModuleContext): void {
  const specs = (Object.keys(AGENT_LOOP_SCHEMAS) as (keyof typeof AGENT_LOOP_SCHEMAS)[]).map((name) => ({
    name,
    toolset: TOOLSET[name],
    schema: AGENT_LOOP_SCHEMAS[name],
    emoji: EMOJI[name],
    parallelSafe: name === 'session_search',
  }));
  if (!ctx.services.agentLoop) {
    registerUnavailable(ctx, 'Agent', specs);
    return;
  }
  // Offered to the model; calls never reach these handlers because dispatch hands them to the loop.
  for (const spec of specs) {
    ctx.registry.register({
      ...spec,
      checkFn: () => true,
      handler: () => toolError(`${spec.name} must be handled by the agent loop`),
    });
  }
}
