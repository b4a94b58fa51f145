import type { JsonSchema, ToolContext, ToolSpec } from '../../runtime/types';

export interface CallRecord {
  name: string;
  toolCallId: string;
  start: number;
  end: number;
}

function schema(name: string, properties: Record<string, JsonSchema> = {}) {
  return { name, description: `${name} (test tool)`, parameters: { type: 'object', properties } };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A read-only tool that takes `ms` and records when it ran, by the wall clock. */
export function sleeperTool(
  name: string,
  ms: number,
  log: CallRecord[],
  overrides: Partial<ToolSpec> = {},
): ToolSpec {
  return {
    name,
    toolset: 'test',
    schema: schema(name, { path: { type: 'string' }, label: { type: 'string' } }),
    parallelSafe: true,
    handler: async (args, ctx: ToolContext) => {
      const start = performance.now();
      await sleep(ms, ctx.signal);
      log.push({ name, toolCallId: ctx.toolCallId, start, end: performance.now() });
      return { slept: ms, label: args.label ?? null };
    },
    ...overrides,
  };
}

/** Stands in for the terminal tool: same name and toolset, records when it ran. */
export function fakeTerminalTool(ms: number, log: CallRecord[]): ToolSpec {
  return sleeperTool('terminal', ms, log, {
    toolset: 'terminal',
    parallelSafe: false,
    schema: schema('terminal', { command: { type: 'string' } }),
  });
}

/** Streams one output chunk, then waits until the turn is cancelled. */
export function waitForCancelTool(seen: { aborted: boolean }): ToolSpec {
  return {
    name: 'wait_forever',
    toolset: 'test',
    schema: schema('wait_forever'),
    handler: (_args, ctx) =>
      new Promise((resolve) => {
        ctx.signal?.addEventListener('abort', () => {
          seen.aborted = true;
          resolve('stopped');
        });
        ctx.onOutput?.('working…\n');
      }),
  };
}

export function echoTool(): ToolSpec {
  return {
    name: 'echo',
    toolset: 'test',
    schema: {
      ...schema('echo', { text: { type: 'string' } }),
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
    parallelSafe: true,
    handler: (args) => `echo: ${String(args.text)}`,
  };
}
