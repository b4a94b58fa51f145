import type { ToolRegistry } from '../runtime/registry';
import { toolError } from '../runtime/errors';
import type { CheckFn, JsonSchema, Logger, ToolSpec } from '../runtime/types';

/**
 * What a tool module receives when discovery loads it. Services a tool family needs (terminal
 * manager, approval gate, browser pool, ...) arrive here; a family whose service is missing
 * registers its tools as unavailable.
 */
export interface ToolModuleContext {
  registry: Pick<ToolRegistry, 'register'>;
  logger: Logger;
  services: ToolServices;
}

/** Services are optional: the runtime is usable with any subset (tests, CLI, desktop). */
export interface ToolServices {
  env?: NodeJS.ProcessEnv;
}

export interface ToolModule {
  registerTools(ctx: ToolModuleContext): void;
}

/** Check for a tool family whose handler this build does not ship yet: never offered. */
export function notInThisBuild(family: string): CheckFn {
  return () => `${family} tools are not available in this build yet`;
}

/** Handler for the same case, in case a caller dispatches the tool anyway. */
export function unavailableHandler(name: string) {
  return () => toolError(`${name} is not available in this build yet`);
}

/** Builds the OpenAI function schema from parts, keeping specs short to read. */
export function fn(
  name: string,
  description: string,
  properties: Record<string, JsonSchema>,
  required: string[] = [],
) {
  return {
    name,
    description,
    parameters: { type: 'object', properties, required, additionalProperties: false },
  };
}

/** Registers a family of tools that all wait on the same missing piece. */
export function registerUnavailable(
  ctx: ToolModuleContext,
  family: string,
  specs: Omit<ToolSpec, 'handler' | 'checkFn'>[],
): void {
  const check = notInThisBuild(family);
  for (const spec of specs)
    ctx.registry.register({ ...spec, checkFn: check, handler: unavailableHandler(spec.name) });
}
