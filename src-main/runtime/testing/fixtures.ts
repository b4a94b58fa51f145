import { createMemoryLogger } from '../logger';
import { ToolRuntime } from '../runtime';
import type { ToolsetDef } from '../toolsetCatalog';
import type { JsonSchema, ToolContext, ToolSpec } from '../types';

export const ctx: ToolContext = { taskId: 'task-1', sessionId: 'session-1', toolCallId: 'call-1' };

export function newRuntime(table?: Record<string, ToolsetDef>) {
  const logger = createMemoryLogger();
  return { runtime: new ToolRuntime(logger, table), logger };
}

/** A minimal tool spec; override any field. */
export function spec(
  name: string,
  toolset: string,
  overrides: Partial<ToolSpec> = {},
  parameters?: JsonSchema,
): ToolSpec {
  return {
    name,
    toolset,
    schema: {
      name,
      description: `${name} tool`,
      parameters: parameters ?? { type: 'object', properties: {} },
    },
    handler: () => `${name} ran`,
    ...overrides,
  };
}
