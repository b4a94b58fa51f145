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
