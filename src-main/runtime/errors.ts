import { MAX_ERROR_CHARS } from '../../src-shared/constants';

/** The JSON string a model receives for any failure: `{"error": "..."}`, capped in length. */
export function toolError(message: string): string {
  const capped = message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS - 1)}…` : message;
  return JSON.stringify({ error: capped });
}

/** True when a result is an error produced by `toolError` (or shaped like one). */
export function isToolError(result: string): boolean {
  return result.startsWith('{"error":');
}

export function describeThrown(err: unknown): { name: string; message: string } {
  if (err instanceof Error) return { name: err.name || 'Error', message: err.message };
  return { name: 'Error', message: String(err) };
}

/** Handlers may return anything; the model only ever sees strings. */
export function serialiseResult(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
