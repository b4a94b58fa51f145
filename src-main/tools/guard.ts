import { toolError } from '../runtime/errors';
import type { ToolArgs, ToolContext } from '../runtime/types';

/** Wraps a handler so a failure becomes an error result that names the tool. */
export function guarded(name: string, work: (args: ToolArgs, call: ToolContext) => unknown) {
  return async (args: ToolArgs, call: ToolContext): Promise<unknown> => {
    try {
      return await work(args, call);
    } catch (err) {
      return toolError(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}
