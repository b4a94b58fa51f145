import { executeCode } from './codeExecution/run';
import { terminalCheck } from './terminal/wiring';
import { fn, type ToolModuleContext } from './toolModule';

export const EXECUTE_CODE_SCHEMA = fn(
  'execute_code',
  // Which tools a script may call is added when the definitions are built, from what is offered.
  "Run a Python or Node script in the task's environment (its working directory), to save model round trips for " +
    'loops and data processing. Output is capped; print what you need.',
  {
    language: { type: 'string', enum: ['python', 'node'] },
    code: { type: 'string', description: 'The script' },
    timeout: { type: 'integer', minimum: 1, maximum: 600, description: 'Seconds (default 120)' },
  },
  ['language', 'code'],
);

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  ctx.registry.register({
    name: 'execute_code',
    toolset: 'code_execution',
    schema: EXECUTE_CODE_SCHEMA,
    emoji: '🐍',
    isAsync: true,
    checkFn: terminalCheck(services, { gate: true }),
    handler: (args, call) => executeCode(services, args, call),
  });
}
