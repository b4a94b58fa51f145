import { describe, expect, it } from 'vitest';
import { readServerMessage } from './serverMessage';
import { ServerMessageSchema } from './wire';

const CASES: unknown[] = [
  { type: 'event', name: 'chat.event', payload: { a: 1 } },
  { type: 'event', name: 'x' },
  { type: 'event', name: 3, payload: {} },
  { type: 'event' },
  { type: 'reply', id: 4, reply: { ok: true, value: [1, 2] } },
  { type: 'reply', id: 4, reply: { ok: true } },
  { type: 'reply', id: 4.5, reply: { ok: true, value: 1 } },
  { type: 'reply', id: '4', reply: { ok: true, value: 1 } },
  { type: 'reply', reply: { ok: true, value: 1 } },
  { type: 'reply', id: 1, reply: { ok: false, error: { code: 'E', message: 'no' } } },
  { type: 'reply', id: 1, reply: { ok: false, error: { code: 'E' } } },
  { type: 'reply', id: 1, reply: { ok: false } },
  { type: 'reply', id: 1, reply: { ok: 'true', value: 1 } },
  { type: 'reply', id: 1, reply: null },
  { type: 'reply', id: 1, reply: [] },
  { type: 'reply', id: 1, reply: { ok: false, error: [] } },
  { type: 'other', id: 1 },
  { type: 'event', name: 'x', payload: 1, extra: true },
  [],
  null,
  'event',
  42,
];

describe('readServerMessage', () => {
  it('accepts what the wire schema accepts, and gives back what it parses', () => {
    for (const value of CASES) {
      const parsed = ServerMessageSchema.safeParse(value);
      expect(readServerMessage(value), JSON.stringify(value)).toEqual(
        parsed.success ? parsed.data : undefined,
      );
    }
  });
});
