/**
 * search_files under the read policy, on the local backend. ripgrep and the Node walk read files
 * by path, so a link swapped in after the walk saw a plain file would hand over a listed one; a
 * result is therefore kept only when the file now opened under its path is not listed and really
 * holds the line shown. A name from a listed file is dropped, and so is a name that is not there
 * now beneath the root with no link on the way (a folder swapped for a link mid-walk cannot lend
 * its names). The caller says how many went.
 */
import { lstat, realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { defaultStrategy, openBeneath } from '../../sandbox/confinedDir';
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
  root: string,
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
  const realRoot = target === 'files' ? await realpath(root).catch(() => undefined) : undefined;
  const kept: string[] = [];
  for (const line of outcome.lines) {
    const show =
      target === 'files'
        ? realRoot !== undefined && (await standsBeneath(root, realRoot, line)) && !(await denied(line))
        : await holds(line, linesOf);
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

/** Whether `path` (listed under `root`) is there now, every folder below the real root opened without following a link. */
async function standsBeneath(root: string, realRoot: string, path: string): Promise<boolean> {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
  const folders = rel.split(sep);
  const name = folders.pop();
  if (name === undefined) return false;
  try {
    const dir = await openBeneath(realRoot, folders, {
      create: false,
      strategy: defaultStrategy(),
      doing: 'listing',
    });
    try {
      await lstat(dir.entry(name));
      return true;
    } finally {
      await dir.close();
    }
  } catch {
    return false;
  }
}
