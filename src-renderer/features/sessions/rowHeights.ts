import { readStored, writeStored } from '../../state/webStorage';

/** Where the heights last measured are kept, for the next page load. */
const KEY = 'caduceus.sessionRowHeights';

const KINDS = ['plain', 'snippet'] as const;
type Kind = (typeof KINDS)[number];

/**
 * The height of a session row, plain (a title and its meta line) and with a search snippet, as
 * last measured; at first those of the default font. Rows placed at their true height are
 * measured without moving: a row that moves draws the list again inside the frame that shows
 * it, and the app's effects run before that frame is painted.
 */
export const rowHeights: Record<Kind, number> = { plain: 49, snippet: 66, ...stored() };

function stored(): Partial<Record<Kind, number>> {
  try {
    const saved = JSON.parse(readStored(() => localStorage, KEY) ?? '{}') as Record<string, unknown>;
    const kept: Partial<Record<Kind, number>> = {};
    for (const kind of KINDS) {
      const value = saved[kind];
      if (typeof value === 'number' && value > 0 && value < 1_000) kept[kind] = value;
    }
    return kept;
  } catch {
    return {};
  }
}

/** A row of `kind` measured `size` pixels high: the next ones, on this page and the next, are placed so. */
export function rowMeasured(kind: Kind, size: number): void {
  if (rowHeights[kind] === size) return;
  rowHeights[kind] = size;
  writeStored(() => localStorage, KEY, JSON.stringify(rowHeights));
}
