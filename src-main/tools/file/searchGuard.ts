/**
 * search_files under the read policy, on the local backend. ripgrep and the Node walk read files
 * by path, so a link swapped in after the walk saw a plain file would hand over a listed one; a
 * result is therefore kept only when the file now opened under its path is not listed and really
 * holds the line shown. A name from a listed file is dropped. The caller says how many went.
 */
import type { ToolServices } from '../toolModule';
import type { SearchOutcome } from './accessTypes';
import { openPinned, readPinned } from './pinnedRead';
import { MAX_READ_BYTES } from './readFile';
import { readPolicyOf } from './readGuard';

/** What the engines append to a line they shortened (ripgrep's preview, the output cap). */
const SHORTENED = / \[\.\.\. [^\]]*\]$|…$/;

export async function withheld(
  services: ToolServices,
  outcome: SearchOutcome,
  target: 'content' | 'files',
  /** The entry covering the search root, which a person just allowed. */
  allowedEntry: string | undefined,
): Promise<SearchOutcome & { withheld?: number }> {
  const judge = await readPolicyOf(services).judge();
  const denied = async (path: string) => {
    const hit = await judge(path);
    return hit !== undefined && hit.entry !== allowedEntry;
  };
  const files = new Map<string, Promise<string[] | undefined>>();
  /** The lines of the file opened at `path`, or undefined when it may not be shown. */
  const linesOf = (path: string) => {
    let found = files.get(path);
    if (!found) files.set(path, (found = shownLines(path, denied)));
    return found;
  };
  const kept: string[] = [];
  for (const line of outcome.lines) {
    const show = target === 'files' ? !(await denied(line)) : await holds(line, linesOf);
    if (show) kept.push(line);
  }
  const count = outcome.lines.length - kept.length;
  return count === 0 ? outcome : { ...outcome, lines: kept, withheld: count };
}

async function shownLines(
  path: string,
  denied: (path: string) => Promise<boolean>,
): Promise<string[] | undefined> {
  if (await denied(path)) return undefined;
  const opened = await openPinned(path).catch(() => undefined);
  if (!opened || 'kind' in opened) return undefined;
  try {
    if (await denied(opened.real)) return undefined;
    const read = await readPinned(opened.handle, MAX_READ_BYTES);
    return read.kind === 'file' && read.data ? read.data.toString('utf8').split('\n') : undefined;
  } finally {
    await opened.handle.close();
  }
}

/** `path:N:text`, where a path may hold `:N:` too: some reading of it names a shown file that has that line. */
async function holds(
  line: string,
  linesOf: (path: string) => Promise<string[] | undefined>,
): Promise<boolean> {
  for (const match of line.matchAll(/:(\d+):/g)) {
    const lines = await linesOf(line.slice(0, match.index));
    const actual = lines?.[Number(match[1]) - 1]?.replace(/\r$/, '');
    if (actual === undefined) continue;
    const text = line.slice(match.index + match[0].length).replace(/\r$/, '');
    if (actual === text || actual.startsWith(text.replace(SHORTENED, ''))) return true;
  }
  return false;
}
