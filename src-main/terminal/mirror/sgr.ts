/**
 * SGR text between two cell styles, as `@xterm/addon-serialize` 0.14 writes it (MIT, the xterm.js
 * authors), for the serializer in serialize.ts.
 */
import type { IBufferCell } from '@xterm/headless';

/** xterm's cell (CellData) holds its attributes in two words; unchanged words mean an unchanged style. */
export interface RawCell extends IBufferCell {
  content: number;
  fg: number;
  bg: number;
}

/** The attributes of a cell, as the addon compares them (also the terminal's current attributes). */
export type Style = Pick<
  IBufferCell,
  | 'getFgColorMode'
  | 'getFgColor'
  | 'getBgColorMode'
  | 'getBgColor'
  | 'isFgRGB'
  | 'isFgPalette'
  | 'isBgRGB'
  | 'isBgPalette'
  | 'isAttributeDefault'
  | 'isInverse'
  | 'isBold'
  | 'isUnderline'
  | 'isOverline'
  | 'isBlink'
  | 'isInvisible'
  | 'isItalic'
  | 'isDim'
  | 'isStrikethrough'
>;

const equalFg = (a: Style, b: Style): boolean =>
  a.getFgColorMode() === b.getFgColorMode() && a.getFgColor() === b.getFgColor();
export const equalBg = (a: Style, b: Style): boolean =>
  a.getBgColorMode() === b.getBgColorMode() && a.getBgColor() === b.getBgColor();

const FLAGS: ReadonlyArray<[(s: Style) => number, number, number]> = [
  [(s) => s.isInverse(), 7, 27],
  [(s) => s.isBold(), 1, 22],
  [(s) => s.isUnderline(), 4, 24],
  [(s) => s.isOverline(), 53, 55],
  [(s) => s.isBlink(), 5, 25],
  [(s) => s.isInvisible(), 8, 28],
  [(s) => s.isItalic(), 3, 23],
  [(s) => s.isDim(), 2, 22],
  [(s) => s.isStrikethrough(), 9, 29],
];

function colour(sgr: number[], rgb: boolean, palette: boolean, color: number, base: number): void {
  if (rgb) sgr.push(base + 8, 2, (color >>> 16) & 0xff, (color >>> 8) & 0xff, color & 0xff);
  else if (!palette) sgr.push(base + 9);
  else if (color >= 16) sgr.push(base + 8, 5, color);
  else sgr.push(color & 8 ? base + 60 + (color & 7) : base + (color & 7));
}

/** SGR parameters that turn `old`'s style into `cell`'s (none when they look the same). */
export function diffStyle(cell: Style, old: Style): number[] {
  const sgr: number[] = [];
  const fgChanged = !equalFg(cell, old);
  const bgChanged = !equalBg(cell, old);
  const flagsChanged = FLAGS.some(([get]) => get(cell) !== get(old));
  if (!fgChanged && !bgChanged && !flagsChanged) return sgr;
  if (cell.isAttributeDefault()) {
    if (!old.isAttributeDefault()) sgr.push(0);
    return sgr;
  }
  if (fgChanged) colour(sgr, cell.isFgRGB(), cell.isFgPalette(), cell.getFgColor(), 30);
  if (bgChanged) colour(sgr, cell.isBgRGB(), cell.isBgPalette(), cell.getBgColor(), 40);
  if (flagsChanged)
    for (const [get, on, off] of FLAGS) if (get(cell) !== get(old)) sgr.push(get(cell) ? on : off);
  return sgr;
}

/** Set in a cell's bg word when it has extended attributes (underline style and colour). */
export const HAS_EXTENDED = 0x10000000;
/** SGR text between two styles, by their attribute words: most snapshots see a handful of pairs. */
const sgrMemo = new Map<string, string>();

export function sgrText(cell: RawCell, old: RawCell): string {
  if ((cell.bg & HAS_EXTENDED) !== 0 || (old.bg & HAS_EXTENDED) !== 0) {
    const sgr = diffStyle(cell, old);
    return sgr.length > 0 ? `\x1b[${sgr.join(';')}m` : '';
  }
  const key = `${cell.fg},${cell.bg},${old.fg},${old.bg}`;
  let text = sgrMemo.get(key);
  if (text === undefined) {
    const sgr = diffStyle(cell, old);
    text = sgr.length > 0 ? `\x1b[${sgr.join(';')}m` : '';
    if (sgrMemo.size >= 4_096) sgrMemo.clear();
    sgrMemo.set(key, text);
  }
  return text;
}
