import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

export const EXECUTE_CODE_SCHEMA = fn(
  'execute_code',
  "Run a Python or Node script in the task's environment. The script can call tools through the " +
    'injected `tools` module, which saves model round trips for loops and data processing.',
  {
    language: { type: 'string', enum: ['python', 'node'] },
    code: { type: 'string', description: 'The script' },
    timeout: { type: 'integer', minimum: 1, maximum: 600, description: 'Seconds (default 120)' },
  },
  ['language', 'code'],
);

export function registerTools(ctx: ToolModuleContext): void {
  registerUnavailable(ctx, 'Code execution', [
    { name: 'execute_code', toolset: 'code_execution', schema: EXECUTE_CODE_SCHEMA, emoji: '🐍' },
  ]);
}
