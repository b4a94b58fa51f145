import type { TodoItem } from '../../../src-shared/sessions';
import type { SessionStore } from '../sessions/store';
import type { ToolContext } from '../../runtime/types';
import type { TodoArgs } from '../../tools/agentLoopArgs';

type IncomingTodo = Partial<TodoItem> & { id: string };

/** Replaces the list, or merges by id: known ids take the fields given, new ids are appended. */
export function applyTodos(current: TodoItem[], incoming: IncomingTodo[], merge: boolean): TodoItem[] {
  if (!merge) {
    return incoming.map((t) => ({ id: t.id, content: t.content ?? '', status: t.status ?? 'pending' }));
  }
  const out = current.map((t) => ({ ...t }));
  for (const t of incoming) {
    const existing = out.find((o) => o.id === t.id);
    if (existing) {
      if (t.content !== undefined) existing.content = t.content;
      if (t.status !== undefined) existing.status = t.status;
    } else {
      out.push({ id: t.id, content: t.content ?? '', status: t.status ?? 'pending' });
    }
  }
  return out;
}

function summarise(todos: TodoItem[]) {
  const count = (status: TodoItem['status']) => todos.filter((t) => t.status === status).length;
  return {
    total: todos.length,
    pending: count('pending'),
    in_progress: count('in_progress'),
    completed: count('completed'),
    cancelled: count('cancelled'),
  };
}

/** The per-session task list, kept with the session so a resumed session still has it. */
export function todoTool(store: () => SessionStore) {
  return (args: TodoArgs, ctx: ToolContext) => {
    let todos = store().todos(ctx.sessionId);
    if (args.todos) {
      todos = applyTodos(todos, args.todos, args.merge === true);
      store().setTodos(ctx.sessionId, todos);
    }
    return { todos, summary: summarise(todos) };
  };
}
