import type { ServerMessage } from './wire';

/**
 * A message from serve as the page reads it: what ServerMessageSchema accepts, checked by hand so
 * the page's first screen loads no schema library (the schema stays the contract; a test holds
 * the two to the same answers). Undefined for anything else.
 */
export function readServerMessage(value: unknown): ServerMessage | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === 'event')
    return typeof value.name === 'string' && 'payload' in value
      ? { type: 'event', name: value.name, payload: value.payload }
      : undefined;
  if (value.type !== 'reply' || !Number.isInteger(value.id)) return undefined;
  const reply = value.reply;
  if (!isRecord(reply)) return undefined;
  const id = value.id as number;
  if (reply.ok === true)
    return 'value' in reply ? { type: 'reply', id, reply: { ok: true, value: reply.value } } : undefined;
  const error = reply.error;
  if (reply.ok !== false || !isRecord(error)) return undefined;
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return undefined;
  return { type: 'reply', id, reply: { ok: false, error: { code: error.code, message: error.message } } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
