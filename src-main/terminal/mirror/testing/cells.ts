/**
 * Reads what a terminal shows, cell by cell, through xterm's buffer API: the same code runs on a
 * headless terminal in Node and on the page's xterm in Chromium (as a string, since the page's
 * CSP forbids eval of anything else and the bundler would rename helpers).
 */
import type { Terminal } from '@xterm/headless';
import { HeadlessMirror } from '../mirror';

export interface Cell {
  char: string;
  fg: number;
  bg: number;
  fgMode: number;
  bgMode: number;
  attrs: string;
}

export interface Cells {
  /** The visible rows. */
  screen: Cell[][];
  /** Lines in the active buffer, scrollback included. */
  length: number;
  alternate: boolean;
  cursor: { x: number; y: number };
}

/** `(term) => Cells` as JavaScript source. */
export const READ_CELLS = `(term) => {
  const buffer = term.buffer.active;
  const screen = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    const row = [];
    for (let x = 0; x < term.cols; x++) {
      const c = line && line.getCell(x);
      if (!c) { row.push({ char: '', fg: 0, bg: 0, fgMode: 0, bgMode: 0, attrs: '' }); continue; }
      const attrs = [c.isBold() && 'b', c.isItalic() && 'i', c.isDim() && 'd', c.isUnderline() && 'u',
        c.isInverse() && 'v', c.isInvisible() && 'h', c.isStrikethrough() && 's'].filter(Boolean).join('');
      row.push({ char: c.getChars(), fg: c.getFgColor(), bg: c.getBgColor(),
        fgMode: c.getFgColorMode(), bgMode: c.getBgColorMode(), attrs });
    }
    screen.push(row);
  }
  return { screen, length: buffer.length, alternate: buffer.type === 'alternate',
    cursor: { x: buffer.cursorX, y: buffer.cursorY } };
}`;

// The source above is the one under test in the page too; evaluating it here keeps both the same.
const read = new Function(`return ${READ_CELLS}`)() as (term: Terminal) => Cells;

export function readCells(term: Terminal): Cells {
  return read(term);
}

/** How `bytes` look in a fresh headless terminal of this size. */
export async function renderCells(bytes: string, cols: number, rows: number): Promise<Cells> {
  const mirror = new HeadlessMirror({ cols, rows, scrollback: 10_000 });
  try {
    mirror.write(bytes);
    return readCells(await mirror.parsed());
  } finally {
    mirror.dispose();
  }
}
