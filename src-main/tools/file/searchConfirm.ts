/**
 * ripgrep reads files by path, so a process swapping a folder for a link while it runs can make
 * it print another file's lines under a path inside the root. Each content line is confirmed
 * against the file its path names, read with no link followed (sandbox/confinedFs.ts); a line
 * that file does not hold is dropped, so what the model reads is what the named path holds.
 */
import { realpath } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { confinedRead } from '../../sandbox/confinedFs';
import type { SearchOutcome, SearchRequest } from './accessTypes';
import { MAX_MATCH_CHARS } from './searchOutput';

const MAX_CONFIRMED_BYTES = 10 * 1024 * 1024;

export async function confirmContentLines(
  request: SearchRequest,
  outcome: SearchOutcome,
): Promise<SearchOutcome> {
  if (request.target !== 'content' || outcome.lines.length === 0) return outcome;
  const root = await realpath(request.root).catch(() => request.root);
  const files = new Map<string, Promise<string[] | undefined>>();
  const linesOf = (path: string) => {
    let lines = files.get(path);
    if (!lines) {
      lines = confinedRead(join(root, relative(request.root, path)), MAX_CONFIRMED_BYTES).then(
        (read) => (read.kind === 'file' && read.data ? read.data.toString('utf8').split('\n') : undefined),
        () => undefined,
      );
      files.set(path, lines);
    }
    return lines;
  };
  const kept: string[] = [];
  for (const line of outcome.lines) {
    const parts = /^(.*?):(\d+):(.*)$/s.exec(line);
    if (!parts) continue;
    const [, path = '', number = '', text = ''] = parts;
    const actual = (await linesOf(path))?.[Number(number) - 1]?.replace(/\r$/, '');
    if (actual !== undefined && sameLine(text, actual)) kept.push(line);
  }
  return { ...outcome, lines: kept };
}

/** ripgrep shows a long line as a preview, and the output caps it again. */
function sameLine(shown: string, actual: string): boolean {
  if (shown === actual) return true;
  return actual.length > MAX_MATCH_CHARS && shown.startsWith(actual.slice(0, MAX_MATCH_CHARS / 2));
}
