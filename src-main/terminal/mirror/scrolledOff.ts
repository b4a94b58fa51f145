/**
 * Output a terminal would scroll out of its scrollback anyway can go unparsed. A flood of plain
 * lines (a log, base64, a build's output) costs the mirror most of a core to parse; only its last
 * few thousand lines reach the buffer.
 *
 * Skipping is exact when the skipped bytes and the kept ones up to the point it relies on are
 * "plain": printable text, tabs, CR and LF, and no escape, C1 control, backspace or other C0
 * control that could change a mode, the style, the cursor's row or the scroll region. Such bytes
 * leave every state but the cursor and the cells as it was. Then, if the kept part starts with a CR
 * (column 0 either way) and holds enough line feeds before anything else, both cursors reach the
 * bottom row at the same column and every line from before (the skipped ones and those written
 * before them) is pushed past the scrollback: the buffers end the same, line for line.
 */

const LF = 0x0a;
const CR = 0x0d;

/** C0 controls but tab, LF and CR, and DEL: each searched for on its own (memchr beats a loop). */
const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => i).filter((b) => b !== 0x09 && b !== LF && b !== CR),
  0x7f,
];
/** Lead byte of U+0080–U+00BF: 0xC2 0x80–0x9F are the C1 controls (CSI among them). */
const C2 = 0xc2;

export interface ChunkScan {
  /** Bytes from the start that are plain: the chunk's length when all are. */
  plainEnd: number;
  /** Line feeds among those. */
  lines: number;
}

export function scanChunk(bytes: Uint8Array): ChunkScan {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let plainEnd = bytes.length;
  for (const control of CONTROLS) {
    const at = buffer.indexOf(control);
    if (at !== -1 && at < plainEnd) plainEnd = at;
  }
  // A C1 control, or a lead byte whose character the chunk cuts.
  for (let at = buffer.indexOf(C2); at !== -1 && at < plainEnd; at = buffer.indexOf(C2, at + 1)) {
    const next = bytes[at + 1];
    if (next === undefined || (next >= 0x80 && next <= 0x9f)) plainEnd = at;
  }
  let lines = 0;
  for (let at = bytes.indexOf(LF); at !== -1 && at < plainEnd; at = bytes.indexOf(LF, at + 1)) lines++;
  return { plainEnd, lines };
}

/** Line feeds the kept part needs after its CR: the whole buffer and then some, pushed out. */
export function linesToPushOut(rows: number, scrollback: number): number {
  return scrollback + 2 * rows + 1;
}

export interface SkipPoint {
  chunk: number;
  offset: number;
}

/**
 * Where parsing may start in `chunks` (queued in order, the first starting in the parser's ground
 * state): at a CR in their plain run from the start, followed within that run by `lines` line
 * feeds. The latest such CR, so the least is parsed; undefined when there is none.
 */
export function skipPoint(
  chunks: readonly Uint8Array[],
  scans: readonly ChunkScan[],
  lines: number,
): SkipPoint | undefined {
  // The plain run from the start ends in the first chunk that is not all plain.
  let last = 0;
  while (last < chunks.length - 1 && scans[last]?.plainEnd === chunks[last]?.length) last++;
  let feeds = 0;
  for (let c = last; c >= 0; c--) {
    const bytes = chunks[c] as Uint8Array;
    const end = c === last ? (scans[c]?.plainEnd ?? 0) : bytes.length;
    // Whole chunks that cannot reach the count are counted at once.
    if (feeds + (scans[c]?.lines ?? 0) < lines && c !== last) {
      feeds += scans[c]?.lines ?? 0;
      continue;
    }
    for (let i = end - 1; i >= 0; i--) {
      const byte = bytes[i];
      if (byte === LF) feeds++;
      else if (byte === CR && feeds >= lines) return c === 0 && i === 0 ? undefined : { chunk: c, offset: i };
    }
  }
  return undefined;
}
