import { describe, expect, it } from 'vitest';
import { LARGEST, TransferPool } from './transferPool';

function sent(pool: TransferPool, pieces: string[]): Array<{ bytes: Uint8Array; chars: number }> {
  const out: Array<{ bytes: Uint8Array; chars: number }> = [];
  const chars = pieces.reduce((n, p) => n + p.length, 0);
  pool.encode(pieces, chars, (bytes, held) => out.push({ bytes: bytes.slice(), chars: held }));
  return out;
}

describe('TransferPool', () => {
  it('never splits a character between two buffers, and counts what each holds', () => {
    // Three-byte and four-byte (surrogate pair) characters straddle every buffer boundary.
    const text = 'a漢🙂'.repeat(120_000);
    const chunks = sent(new TransferPool(), [text.slice(0, 1001), text.slice(1001)]);
    expect(chunks.length).toBeGreaterThan(1);
    const strict = new TextDecoder('utf-8', { fatal: true });
    const decoded = chunks.map(({ bytes }) => strict.decode(bytes));
    expect(decoded.map((d) => d.length)).toEqual(chunks.map((c) => c.chars));
    expect(decoded.join('')).toBe(text);
    for (const { bytes } of chunks) expect(bytes.length).toBeLessThanOrEqual(LARGEST);
  });

  it('sizes a small batch small, and reuses buffers given back', () => {
    const pool = new TransferPool();
    const views: Uint8Array[] = [];
    pool.encode(['echo'], 4, (bytes) => views.push(bytes));
    expect(views[0]?.buffer.byteLength).toBeLessThan(LARGEST);
    pool.give(views[0]?.buffer as ArrayBuffer);
    for (let i = 0; i < 100; i++) {
      pool.encode(['line\r\n'], 6, (bytes) => pool.give(bytes.buffer as ArrayBuffer));
    }
    expect(pool.allocated).toBe(1);
  });

  it('keeps nothing once cleared', () => {
    const pool = new TransferPool();
    pool.encode(['x'], 1, (bytes) => pool.give(bytes.buffer as ArrayBuffer));
    pool.clear();
    pool.encode(['y'], 1, () => undefined);
    expect(pool.allocated).toBe(2);
  });
});
