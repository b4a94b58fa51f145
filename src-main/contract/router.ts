import type { z } from 'zod';
import { requests, type Reply, type RequestName, type RequestOutput } from '../../src-shared/ipc/contract';

/** Who sent a request: `consumer` is the sender's event subscription, when the transport knows it. */
export interface Caller {
  consumer?: string;
}

export type RequestHandler<N extends RequestName> = (
  input: z.infer<(typeof requests)[N]['input']>,
  caller: Caller,
) => Promise<RequestOutput<N>> | RequestOutput<N>;

export type Handlers = { [N in RequestName]: RequestHandler<N> };

/** An error a handler throws on purpose; its code reaches the caller. */
export class ContractError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The one entry point for requests from any transport: unknown names and invalid payloads are
 * answered with an error reply; a handler's throw becomes `{ code, message }`. Never throws.
 */
export function createRouter(handlers: Handlers) {
  return async function invoke(name: string, payload: unknown, caller: Caller = {}): Promise<Reply<unknown>> {
    if (!Object.hasOwn(requests, name)) return fail('unknown_request', `Unknown request "${name}"`);
    const key = name as RequestName;
    const parsed = requests[key].input.safeParse(payload ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return fail('invalid_input', `Invalid input for ${name}: ${where}${issue?.message ?? 'invalid'}`);
    }
    try {
      const handler = handlers[key] as (input: unknown, caller: Caller) => unknown;
      return { ok: true, value: await handler(parsed.data, caller) };
    } catch (err) {
      if (err instanceof ContractError) return fail(err.code, err.message);
      return fail('internal', err instanceof Error ? err.message : String(err));
    }
  };
}

export type Invoke = ReturnType<typeof createRouter>;

function fail(code: string, message: string): Reply<never> {
  return { ok: false, error: { code, message } };
}
