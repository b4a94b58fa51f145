import { toolError } from '../runtime/errors';
import type { ToolArgs, ToolContext } from '../runtime/types';

/** Wraps a handler so a failure becomes an error result that names the tool. */
export function guarded<A = ToolArgs>(name: string, work: (args: A, call: ToolContext) => unknown) {
  return async (args: A, call: ToolContext): Promise<unknown> => {
    try {
      return await work(args, call);
    } catch (err) {
      return toolError(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}
