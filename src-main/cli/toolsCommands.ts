import { parseArgs } from 'node:util';
import type { AppRoot } from '../appRoot';
import type { ToolsetInfo } from '../runtime/runtime';
import type { ToolOutcome } from '../runtime/types';
import { csv, UsageError, writeLine, type Io } from './args';
import { toolsetRows } from './toolsetsJson';

/** `caduceus tools list [--toolsets a,b] [--disable c,d] [--json]` */
export async function toolsList(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { toolsets: { type: 'string' }, disable: { type: 'string' }, json: { type: 'boolean' } },
  });
  const enabled = csv(values.toolsets) ?? root.config.toolsets.enabled;
  const disabled = csv(values.disable) ?? root.config.toolsets.disabled;
  const defs = await root.runtime.getToolDefinitions({ enabled, disabled });
  if (values.json) {
    writeLine(io.stdout, JSON.stringify(defs, null, 2));
  } else {
    for (const d of defs) {
      const emoji = root.runtime.registry.get(d.function.name)?.emoji ?? '';
      writeLine(io.stdout, `${emoji} ${d.function.name}  ${d.function.description.split('\n')[0]}`);
    }
    if (defs.length === 0) writeLine(io.stderr, 'No tools are available with these toolsets.');
  }
  return 0;
}

/** `caduceus toolsets [--json]` */
export async function toolsetsList(root: AppRoot, argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean' } } });
  const infos = await root.runtime.describeToolsets();
  if (values.json) {
    const rows = toolsetRows(infos, root.mcp.status());
    writeLine(io.stdout, JSON.stringify(rows, null, 2));
    return 0;
  }
  for (const info of infos) {
    const missing = info.missingEnv.length ? ` (set ${info.missingEnv.join(', ')})` : '';
    writeLine(
      io.stdout,
      `${info.name} [${info.kind}] ${availabilityText(info)}${missing}: ${info.description}`,
    );
    // A partly available toolset names what is missing; a wholly unavailable one is summed up above.
    if (info.availability === 'partial')
      for (const [tool, reason] of Object.entries(info.unavailable))
        writeLine(io.stdout, `  ${tool}: ${reason}`);
  }
  // MCP servers that could not register tools say why: a sign-in to do, or a failure.
  for (const status of root.mcp.status()) {
    if (status.state === 'needs_auth')
      writeLine(
        io.stdout,
        `mcp-${status.name} [mcp] needs sign-in (${status.error ?? 'sign-in required'}): caduceus mcp login ${status.name}`,
      );
    else if (status.state === 'failed')
      writeLine(io.stdout, `mcp-${status.name} [mcp] failed: ${status.error ?? 'unknown error'}`);
  }
  return 0;
}

function availabilityText(info: ToolsetInfo): string {
  if (info.availability === 'partial')
    return `partly available (${info.toolsAvailable} of ${info.toolsTotal})`;
  return info.availability;
}

/** `caduceus call <tool> --args '<json>' [--task <id>]`: prints exactly what the model would get. */
export async function callTool(root: AppRoot, argv: string[], io: Io, stop?: AbortSignal): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { args: { type: 'string' }, task: { type: 'string' }, session: { type: 'string' } },
  });
  const [tool] = positionals;
  if (!tool) throw new UsageError("caduceus call <tool> --args '<json>' [--task <id>]");
  const outcome = await root.runtime.handleFunctionCall(tool, values.args ?? '{}', {
    taskId: values.task ?? 'cli',
    sessionId: values.session ?? 'cli',
    toolCallId: `cli-${Date.now()}`,
    ...(stop ? { signal: stop } : {}),
  });
  writeLine(io.stdout, outcome.text);
  return failed(outcome) ? 1 : 0;
}

/** A failure, a refusal, or a command that exited non-zero: a script calling us should know. */
function failed(outcome: ToolOutcome): boolean {
  return !outcome.ok || (outcome.exitCode != null && outcome.exitCode !== 0);
}
