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

/** The buffer handed back by the last borrower, and the one lent out now (null: none). */
let spare: ArrayBuffer | null = null;
let lent: ArrayBuffer | null = null;

/**
 * codeUnits for a text read once and dropped: a long text's units are written into a buffer kept
 * from one borrower to the next. A fresh megabyte-sized buffer cost more than the conversion
 * itself (the memory is mapped and zeroed page by page). Hand it back with returnCodeUnits once
 * nothing reads it; a borrower that never does only costs the next one a fresh buffer.
 */
export function borrowCodeUnits(text: string): Uint16Array {
  const n = text.length;
  if (n < LEND_FROM || n > LEND_UP_TO) return codeUnits(text);
  let buffer = spare;
  spare = null;
  if (buffer === null || buffer.byteLength < 2 * n) buffer = new ArrayBuffer(2 * Math.max(n, LEND_FROM * 4));
  Buffer.from(buffer).write(text, 0, 'utf16le');
  lent = buffer;
  return new Uint16Array(buffer, 0, n);
}

/** Gives borrowed code units back; their contents are overwritten by the next borrower. */
export function returnCodeUnits(codes: Uint16Array): void {
  if (lent === null || codes.buffer !== lent) return;
  spare = lent;
  lent = null;
}
