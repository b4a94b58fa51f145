/** The terminal and process tools' arguments; the schemas the model sees are generated from them. */
import { z } from 'zod';
import { functionSchema } from '../../runtime/typedArgs';

const seconds = (description: string) => z.int().min(1).max(600).optional().describe(description);

export const TerminalArgs = z.strictObject({
  command: z.string().describe('The command line to run'),
  background: z.boolean().optional().describe('Run in the background and return a process id at once'),
  timeout: seconds('Seconds before a foreground command is killed (default 180)'),
  workdir: z
    .string()
    .optional()
    .describe("Working directory for this call instead of the task's current one"),
  pty: z.boolean().optional().describe('Run in a pseudo-terminal, for programs that need a TTY'),
});
export type TerminalArgs = z.output<typeof TerminalArgs>;

export const TERMINAL_SCHEMA = functionSchema(
  'terminal',
  "Run a shell command in the task's environment (its working directory and exported variables persist between calls). " +
    'Returns output and exit code. Use background=true for servers and anything longer than 10 minutes, then the process tool. ' +
    'Dangerous commands ask the user for approval first.',
  TerminalArgs,
);

export const ProcessArgs = z.strictObject({
  action: z.enum(['list', 'poll', 'log', 'wait', 'kill', 'write', 'close_stdin']),
  process_id: z.string().optional().describe('Id returned by terminal(background=true); not needed for list'),
  offset: z.int().min(0).optional().describe('log: first line to return'),
  limit: z.int().min(1).optional().describe('log: how many lines'),
  timeout: seconds('wait: seconds to wait for exit (default 60)'),
  data: z.string().optional().describe('write: text to send to stdin'),
});
export type ProcessArgs = z.output<typeof ProcessArgs>;

export const PROCESS_SCHEMA = functionSchema(
  'process',
  'Manage background processes started by terminal(background=true): list, poll status, read the log, wait, kill, or write to stdin.',
  ProcessArgs,
);
