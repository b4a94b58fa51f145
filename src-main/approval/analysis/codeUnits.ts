/**
 * A string's UTF-16 code units as a typed array, converted natively. The scanning loops over long
 * commands read these: charCodeAt checks the string's representation on every call and cost
 * several times a typed-array read.
 */
export function codeUnits(text: string): Uint16Array {
  const bytes = Buffer.from(text, 'utf16le');
  // Node aligns Buffers in its shared pool to 8 bytes; copy should that ever change.
  if (bytes.byteOffset % 2 === 0) return new Uint16Array(bytes.buffer, bytes.byteOffset, text.length);
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}

/** Shorter texts take their code units from Node's buffer pool, which is cheap at that size. */
const LEND_FROM = 16 * 1024;
/** Longer texts get a buffer of their own, not kept: a rare giant command should not pin its memory. */
const LEND_UP_TO = 2 * 1024 * 1024;
/** Buffers kept for the next borrowers: unescapeWords holds two at once. */
const SPARES_KEPT = 2;

const spares: ArrayBuffer[] = [];
/** Buffers lent out now; weak, so one never handed back (a borrower that threw) is not pinned. */
const lent = new WeakSet<ArrayBuffer>();

/** A buffer of at least `bytes`, lent out. */
function take(bytes: number): ArrayBuffer {
  const i = spares.findIndex((b) => b.byteLength >= bytes);
  const buffer = i >= 0 ? spares.splice(i, 1)[0] : undefined;
  const taken = buffer ?? new ArrayBuffer(Math.max(bytes, 8 * LEND_FROM));
  lent.add(taken);
  return taken;
}

/**
 * codeUnits for a text read once and dropped: a long text's units are written into a buffer kept
 * from one borrower to the next. A fresh megabyte-sized buffer cost more than the conversion
 * itself (the memory is mapped and zeroed page by page). Hand it back with returnCodeUnits once
 * nothing reads it; a borrower that never does only costs the next one a fresh buffer.
 */
export function borrowCodeUnits(text: string): Uint16Array {
  const n = text.length;
  if (n < LEND_FROM || n > LEND_UP_TO) return codeUnits(text);
  const buffer = take(2 * n);
  Buffer.from(buffer).write(text, 0, 'utf16le');
  return new Uint16Array(buffer, 0, n);
}

/** `n` code units to write into, borrowed like borrowCodeUnits; their contents are undefined. */
export function borrowUnits(n: number): Uint16Array {
  if (n < LEND_FROM || n > LEND_UP_TO) return new Uint16Array(n);
  return new Uint16Array(take(2 * n), 0, n);
}

/** Gives borrowed code units back; their contents are overwritten by the next borrower. */
export function returnCodeUnits(codes: Uint16Array): void {
  const buffer = codes.buffer;
  if (!(buffer instanceof ArrayBuffer) || !lent.has(buffer)) return;
  lent.delete(buffer);
  if (spares.length >= SPARES_KEPT) spares.shift();
  spares.push(buffer);
}
