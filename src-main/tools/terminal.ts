import { runProcess } from './terminal/processTool';
import { runTerminal } from './terminal/run';
import { terminalCheck } from './terminal/wiring';
import { typedHandler } from '../runtime/typedArgs';
import { PROCESS_SCHEMA, ProcessArgs, TERMINAL_SCHEMA, TerminalArgs } from './terminal/schemas';
import type { ToolModuleContext } from './toolModule';
import { CODING_PRESETS } from '../runtime/toolsetCatalog';

export { PROCESS_SCHEMA, TERMINAL_SCHEMA };

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  // One check for both tools, so a definitions build asks the backend once.
  const checkFn = terminalCheck(services, { gate: true });
  ctx.registry.register({
    name: 'terminal',
    toolset: 'terminal',
    toolsetDescription: 'Shell commands and background process management',
    presets: CODING_PRESETS,
    fromScripts: { example: { python: 'command="ls"', node: '{ command: "ls" }' } },
    schema: TERMINAL_SCHEMA,
    emoji: '💻',
    icon: 'terminal',
    isAsync: true,
    // Each command changes the shell's state (cwd, variables) the next one starts in.
    neverParallel: true,
    gateCommand: (args) => (typeof args.command === 'string' ? args.command : undefined),
    checkFn,
    handler: typedHandler('terminal', TerminalArgs, (args, call) => runTerminal(services, args, call)),
  });
  ctx.registry.register({
    name: 'process',
    toolset: 'terminal',
    presets: CODING_PRESETS,
    schema: PROCESS_SCHEMA,
    emoji: '⚙️',
    icon: 'gear',
    isAsync: true,
    checkFn,
    handler: typedHandler('process', ProcessArgs, (args, call) => runProcess(services, args, call)),
  });
}
