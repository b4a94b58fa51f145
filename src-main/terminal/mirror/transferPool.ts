/**
 * Buffers that carry mirrored output to the worker and come back once it is parsed. A fresh
 * buffer per batch left tens of MB of parsed bytes in the worker until its next GC (V8 lets
 * external memory grow by ~64 MB between collections); reusing a few keeps that flat.
 */

/** Buffer sizes: powers of two, so a small batch does not hold a large buffer in flight. */
const SMALLEST = 16 * 1024;
export const LARGEST = 256 * 1024;
/**
 * Bytes of free buffers kept per size for reuse (the rest are left to the GC): about what a
 * flooding stream has in flight, so a steady flood allocates nothing. The worker holds up to 6 MB
 * of plain output before parsing it (see parseQueue.ts).
 */
const KEEP_FREE_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

/** The buffer size for `chars` more characters (most output is ASCII: a byte each). */
function sizeFor(chars: number): number {
  let size = SMALLEST;
  while (size < chars && size < LARGEST) size *= 2;
  return size;
}

export class TransferPool {
  private readonly free = new Map<number, ArrayBuffer[]>();
  private made = 0;

  /** Buffers ever allocated: a flood reuses them instead of making more. */
  get allocated(): number {
    return this.made;
  }

  /** A buffer back from the worker. */
  give(buffer: ArrayBuffer): void {
    const list = this.free.get(buffer.byteLength);
    if (list) {
      if ((list.length + 1) * buffer.byteLength <= KEEP_FREE_BYTES) list.push(buffer);
    } else if (buffer.byteLength === sizeFor(buffer.byteLength)) this.free.set(buffer.byteLength, [buffer]);
  }

  /** Drops the free buffers (no mirror is open). */
  clear(): void {
    this.free.clear();
  }

  /**
   * Encodes `pieces` (`chars` UTF-16 units in all) as UTF-8 into pooled buffers, handing each
   * filled one to `send` with the characters it holds. A character is never split between two.
   */
  encode(pieces: readonly string[], chars: number, send: (bytes: Uint8Array, chars: number) => void): void {
    let left = chars;
    let view = this.take(sizeFor(left));
    let used = 0;
    let held = 0;
    for (let piece of pieces) {
      for (;;) {
        const { read, written } = encoder.encodeInto(piece, view.subarray(used));
        used += written;
        held += read;
        if (read === piece.length) break;
        piece = piece.slice(read);
        send(view.subarray(0, used), held);
        left -= held;
        view = this.take(sizeFor(left));
        used = 0;
        held = 0;
      }
    }
    if (held > 0) send(view.subarray(0, used), held);
    else this.give(view.buffer as ArrayBuffer);
  }

  private take(size: number): Uint8Array {
    const buffer = this.free.get(size)?.pop();
    if (buffer) return new Uint8Array(buffer);
    this.made++;
    return new Uint8Array(size);
  }
}
