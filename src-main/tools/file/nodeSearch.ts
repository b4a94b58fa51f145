/** Search on the local backend: ripgrep when installed, else a walk in Node with the same rules. */
import { spawn } from 'node:child_process';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { confinedRead } from '../../sandbox/confinedFs';
import { which } from '../../terminal/which';
import type { SearchOutcome, SearchRequest } from './accessTypes';
import { globMatcher } from './glob';
import { MAX_MATCH_CHARS, parseSearchLines, ripgrepArgs } from './searchOutput';

/** Files larger than this are skipped by the Node fallback, as binary files are. */
const MAX_SCANNED_BYTES = 10 * 1024 * 1024;

let ripgrep: Promise<string | undefined> | undefined;

export function findRipgrep(): Promise<string | undefined> {
  ripgrep ??= which('rg');
  return ripgrep;
}

export async function ripgrepSearch(rg: string, request: SearchRequest): Promise<SearchOutcome> {
  const child = spawn(rg, ripgrepArgs(request), { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(0, 4_000)));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  child.on('error', (error) => (errors += error.message));
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    // One more than the limit tells that there were more.
    if (lines.length > request.limit) break;
  }
  child.kill();
  await closed;
  // No match is exit 1 with nothing on stderr: not a diagnostic.
  const diagnostics = errors
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `!${line}`);
  return parseSearchLines(request, [...lines, ...diagnostics], 'ripgrep');
}

/** Skips hidden entries and node_modules, like ripgrep in a typical project. */
function skipped(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (skipped(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

export async function nodeSearch(request: SearchRequest): Promise<SearchOutcome> {
  const info = await stat(request.root).catch(() => undefined);
  if (!info)
    return {
      lines: [],
      truncated: false,
      engine: 'node',
      error: `no such file or directory: ${request.root}`,
    };
  let regex: RegExp | undefined;
  if (request.target === 'content') {
    try {
      regex = new RegExp(request.pattern);
    } catch (error) {
      return { lines: [], truncated: false, engine: 'node', error: (error as Error).message };
    }
  }
  const matches = request.glob ? globMatcher(request.glob) : () => true;
  // Files are walked and read beneath the real root, each read following no link, so what is
  // shown under a path is what that path held; the lines name them under the root as given.
  const real = await realpath(request.root).catch(() => request.root);
  const files = info.isFile() ? single(real) : walk(real);
  const lines: string[] = [];
  for await (const found of files) {
    const path = join(request.root, relative(real, found));
    if (!matches(relative(request.root, path) || path)) continue;
    if (regex) await grepFile(found, path, regex, lines, request.limit + 1);
    else lines.push(path);
    if (lines.length > request.limit) break;
  }
  return { lines: lines.slice(0, request.limit), truncated: lines.length > request.limit, engine: 'node' };
}

async function* single(path: string): AsyncGenerator<string> {
  yield path;
}

async function grepFile(
  real: string,
  path: string,
  regex: RegExp,
  out: string[],
  max: number,
): Promise<void> {
  const read = await confinedRead(real, MAX_SCANNED_BYTES).catch(() => undefined);
  if (read?.kind !== 'file' || !read.data) return;
  const data = read.data;
  if (data.subarray(0, 8_000).includes(0)) return;
  const lines = data.toString('utf8').split('\n');
  for (let i = 0; i < lines.length && out.length < max; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    if (regex.test(line)) out.push(`${path}:${i + 1}:${line.slice(0, MAX_MATCH_CHARS)}`);
  }
}
