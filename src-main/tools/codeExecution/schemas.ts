/** execute_code's arguments; the schema the model sees is generated from them. */
import { z } from 'zod';
import { functionSchema } from '../../runtime/typedArgs';

export const ExecuteCodeArgs = z.strictObject({
  language: z.enum(['python', 'node']),
  code: z.string().describe('The script'),
  timeout: z.int().min(1).max(600).optional().describe('Seconds (default 120)'),
});
export type ExecuteCodeArgs = z.output<typeof ExecuteCodeArgs>;

export const EXECUTE_CODE_SCHEMA = functionSchema(
  'execute_code',
  // Which tools a script may call is added when the definitions are built, from what is offered.
  "Run a Python or Node script in the task's environment (its working directory), to save model round trips for " +
    'loops and data processing. Output is capped; print what you need.',
  ExecuteCodeArgs,
);
