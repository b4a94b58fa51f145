/** The agent-loop tools' arguments; the schemas the model sees are generated from them. */
import { z } from 'zod';
import { TodoItemSchema } from '../../src-shared/sessions';

export const TodoArgs = z.strictObject({
  todos: z
    .array(
      z.object({
        id: z.string(),
        content: z.string().optional(),
        status: TodoItemSchema.shape.status.optional(),
      }),
    )
    .optional(),
  merge: z.boolean().optional(),
});
export type TodoArgs = z.output<typeof TodoArgs>;

export const MemoryArgs = z.strictObject({
  action: z.enum(['add', 'replace', 'remove']),
  content: z.string().optional().describe('add/replace: the new entry'),
  old_text: z.string().optional().describe('replace/remove: a unique part of the entry to change'),
});
export type MemoryArgs = z.output<typeof MemoryArgs>;

export const SessionSearchArgs = z.strictObject({
  query: z.string(),
  role: z.enum(['user', 'assistant', 'tool']).optional(),
  limit: z.int().min(1).max(50).optional(),
});
export type SessionSearchArgs = z.output<typeof SessionSearchArgs>;

export const DelegateTaskSchema = z.object({
  goal: z.string(),
  context: z.string().optional(),
  toolsets: z.array(z.string()).optional(),
});
export type DelegateTask = z.output<typeof DelegateTaskSchema>;

export const DelegateTaskArgs = z.strictObject({ tasks: z.array(DelegateTaskSchema) });
export type DelegateTaskArgs = z.output<typeof DelegateTaskArgs>;

export const ClarifyArgs = z.strictObject({
  question: z.string(),
  choices: z.array(z.string()).optional(),
});
export type ClarifyArgs = z.output<typeof ClarifyArgs>;
