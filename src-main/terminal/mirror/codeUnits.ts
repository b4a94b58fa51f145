/**
 * A growing buffer of UTF-16 code units that becomes one string at the end: a snapshot writes
 * about a million of them, and a string or array per row is what the garbage collector then pays.
 */
const CHUNK = 8_192;

export class CodeUnits {
  buf = new Uint16Array(64 * 1024);
  pos = 0;

  /** Room for `n` more units at `pos`. */
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const grown = new Uint16Array(Math.max(this.buf.length * 2, this.pos + n));
    grown.set(this.buf.subarray(0, this.pos));
    this.buf = grown;
  }

  text(s: string): void {
    this.reserve(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.pos++] = s.charCodeAt(i);
  }

  /** The units before `end` as a string (lone surrogates kept, as String.fromCharCode does). */
  toString(end = this.pos): string {
    const parts: string[] = [];
    for (let i = 0; i < end; i += CHUNK)
      parts.push(
        String.fromCharCode.apply(
          null,
          this.buf.subarray(i, Math.min(end, i + CHUNK)) as unknown as number[],
        ),
      );
    return parts.join('');
  }
}
