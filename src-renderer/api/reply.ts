import type { Reply } from '../../src-shared/ipc/contract';

/** A failed request as UI code sees it: the contract's `{ code, message }` as an Error. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Resolves to the value of a successful reply; throws ApiError for an error reply or a broken call. */
export async function unwrap<T>(pending: Promise<Reply<T>>): Promise<T> {
  let reply: Reply<T>;
  try {
    reply = await pending;
  } catch (err) {
    // Electron's invoke rejects when the channel itself fails; keep the message only.
    throw new ApiError('transport', err instanceof Error ? err.message : String(err));
  }
  if (reply.ok) return reply.value;
  throw new ApiError(reply.error.code, reply.error.message);
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
