import type { Elicitor } from '../mcp/clientContext';
import { elicitorFor, type ElicitationMode } from '../mcp/elicitation';
import { UsageError, type Io } from './args';
import { ttyElicitor } from './ttyElicitor';

const MODES: readonly ElicitationMode[] = ['ask', 'defaults', 'decline'];

/**
 * Takes `--elicitation ask|defaults|decline` out of a command's arguments and picks who
 * answers MCP forms: a person on a TTY (ask), the forms' defaults (scripted use), or nobody
 * (decline). No TTY, or `--approvals deny`, means nobody is there to ask.
 */
export function takeElicitation(argv: string[], io: Io): { elicit: Elicitor; rest: string[] } {
  const rest: string[] = [];
  let mode: string = 'ask';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--elicitation') mode = argv[++i] ?? '';
    else if (arg.startsWith('--elicitation=')) mode = arg.slice('--elicitation='.length);
    else rest.push(arg);
  }
  if (!MODES.includes(mode as ElicitationMode))
    throw new UsageError(`--elicitation must be one of ${MODES.join(', ')}`);
  const person = personAtTerminal(argv, io);
  return { elicit: elicitorFor(mode as ElicitationMode, person ? ttyElicitor(io) : undefined), rest };
}

/** Whether someone is there to answer an MCP server: a TTY, and not `--approvals deny`. */
export function personAtTerminal(argv: string[], io: Io): boolean {
  const approvals =
    argv.find((a, i) => argv[i - 1] === '--approvals') ??
    argv.find((a) => a.startsWith('--approvals='))?.slice(12);
  return io.stdin.isTTY === true && approvals !== 'deny';
}
