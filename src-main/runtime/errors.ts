import { MAX_ERROR_CHARS } from '../../src-shared/constants';
import { toolFailure, type OutcomeFacts } from './outcome';
import type { ToolOutcome } from './types';

/** The failure a model receives as `{"error": "..."}` (capped in length), plus any fields given. */
export function toolError(
  message: string,
  fields: Record<string, unknown> = {},
  facts: Omit<OutcomeFacts, 'data'> = {},
): ToolOutcome {
  const capped = message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS - 1)}…` : message;
  const data = { error: capped, ...fields };
  return toolFailure(JSON.stringify(data), { ...facts, data });
}

export function describeThrown(err: unknown): { name: string; message: string } {
  if (err instanceof Error) return { name: err.name || 'Error', message: err.message };
  return { name: 'Error', message: String(err) };
}
