import { runProcess } from './terminal/processTool';
import { runTerminal } from './terminal/run';
import { terminalCheck } from './terminal/wiring';
import { fn, type ToolModuleContext } from './toolModule';

export const TERMINAL_SCHEMA = fn(
  'terminal',
  "Run a shell command in the task's environment (its working directory and exported variables persist between calls). " +
    'Returns output and exit code. Use background=true for servers and anything longer than 10 minutes, then the process tool. ' +
    'Dangerous commands ask the user for approval first.',
  {
    command: { type: 'string', description: 'The command line to run' },
    background: { type: 'boolean', description: 'Run in the background and return a process id at once' },
    timeout: {
      type: 'integer',
      minimum: 1,
      maximum: 600,
      description: 'Seconds before a foreground command is killed (default 180)',
    },
    workdir: {
      type: 'string',
      description: "Working directory for this call instead of the task's current one",
    },
    pty: { type: 'boolean', description: 'Run in a pseudo-terminal, for programs that need a TTY' },
  },
  ['command'],
);

export const PROCESS_SCHEMA = fn(
  'process',
  'Manage background processes started by terminal(background=true): list, poll status, read the log, wait, kill, or write to stdin.',
  {
    action: { type: 'string', enum: ['list', 'poll', 'log', 'wait', 'kill', 'write', 'close_stdin'] },
    process_id: {
      type: 'string',
      description: 'Id returned by terminal(background=true); not needed for list',
    },
    offset: { type: 'integer', minimum: 0, description: 'log: first line to return' },
    limit: { type: 'integer', minimum: 1, description: 'log: how many lines' },
    timeout: {
      type: 'integer',
      minimum: 1,
      maximum: 600,
      description: 'wait: seconds to wait for exit (default 60)',
    },
    data: { type: 'string', description: 'write: text to send to stdin' },
  },
  ['action'],
);

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  // One check for both tools, so a definitions build asks the backend once.
  const checkFn = terminalCheck(services, { gate: true });
  ctx.registry.register({
    name: 'terminal',
    toolset: 'terminal',
    schema: TERMINAL_SCHEMA,
    emoji: '💻',
    isAsync: true,
    checkFn,
    handler: (args, call) => runTerminal(services, args, call),
  });
  ctx.registry.register({
    name: 'process',
    toolset: 'terminal',
    schema: PROCESS_SCHEMA,
    emoji: '⚙️',
    isAsync: true,
    checkFn,
    handler: (args, call) => runProcess(services, args, call),
  });
}
