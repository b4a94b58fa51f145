/** Loads one tool module into a fresh runtime so tests go through validation and dispatch. */
import { newRuntime } from '../../runtime/testing/fixtures';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import type { ToolModule, ToolServices } from '../toolModule';

export function loadTools(module: ToolModule, services: ToolServices) {
  const { runtime, logger } = newRuntime();
  module.registerTools({ registry: runtime.registry, logger, services });
  const ctx: ToolContext = { taskId: 'task-1', sessionId: 'session-1', toolCallId: 'call-1' };
  return {
    runtime,
    logger,
    /** The whole outcome of a call. */
    outcome: (
      name: string,
      args: Record<string, unknown>,
      overrides: Partial<ToolContext> = {},
    ): Promise<ToolOutcome> => runtime.handleFunctionCall(name, args, { ...ctx, ...overrides }),
    /** The string the model would receive. */
    call: async (name: string, args: Record<string, unknown>, overrides: Partial<ToolContext> = {}) =>
      (await runtime.handleFunctionCall(name, args, { ...ctx, ...overrides })).text,
    /** Parsed JSON result. */
    json: async <T = Record<string, unknown>>(
      name: string,
      args: Record<string, unknown>,
      overrides: Partial<ToolContext> = {},
    ) => JSON.parse((await runtime.handleFunctionCall(name, args, { ...ctx, ...overrides })).text) as T,
    /** Why a tool is not offered, or undefined when it is. */
    unavailable: async (name: string) => {
      const entry = runtime.registry.get(name);
      if (!entry?.checkFn) return undefined;
      const result = await entry.checkFn();
      return result === true ? undefined : String(result);
    },
  };
}
