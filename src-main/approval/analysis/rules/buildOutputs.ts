/**
 * Well-known build and cache outputs: deleting them inside the workspace is everyday work that
 * the next build or install undoes, so it runs without a question. Only paths that provably stay
 * in the workspace count: relative, no `..`, no unknown parts, no `cd` that may have led out.
 */
import { canonicalPath } from '../paths';
import { cwdInWorkspace } from '../workspace';
import type { FdSearch } from '../fdSearch';
import { expandBraces, isDynamic } from '../words';
import type { CommandView } from './types';

const OUTPUT_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'target',
  'out',
  'coverage',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.angular',
  '.turbo',
  '.parcel-cache',
  '.cache',
  '.vite',
  '.nyc_output',
  '.gradle',
  '.dart_tool',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.tox',
  '.nox',
  '.eslintcache',
  '.DS_Store',
  'storybook-static',
]);
const OUTPUT_EXTENSIONS = /\.(?:orig|rej|pyc|pyo|egg-info|tsbuildinfo|o|class)$/;
const GLOB = /[*?[]/;

function isOutputName(name: string): boolean {
  if (OUTPUT_DIRS.has(name)) return true;
  // `*.orig` or `foo.orig`: a glob only in front of a known extension.
  return OUTPUT_EXTENSIONS.test(name) && !GLOB.test(name.replace(/^\*/, ''));
}

/** A path that stays in the workspace and names a build or cache output, or something inside one. */
export function confinedOutput(raw: string): boolean {
  // The shell expands `{build,dist}` into separate words: every one must qualify.
  if (raw.includes('{')) {
    const alts = expandBraces(raw);
    return alts.length > 1 && alts.every((a) => !a.includes('{') && confinedOutput(a));
  }
  if (raw === '' || isDynamic(raw) || raw.startsWith('/') || raw.startsWith('~') || raw.startsWith('-'))
    return false;
  const segs = raw.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..') || segs.length === 0) return false;
  // Globs in the folders above stay inside the workspace; `.next/cache` is inside an output.
  const p = canonicalPath(raw);
  const names = p.split('/');
  return isOutputName(names[names.length - 1] ?? '') || names.slice(0, -1).some((n) => OUTPUT_DIRS.has(n));
}

/** A folder a search starts from that is known and relative, and does not climb out with `..`. */
function staysInside(p: string): boolean {
  return !isDynamic(p) && !p.startsWith('/') && !p.startsWith('~') && !p.split('/').includes('..');
}

/** Whether the command runs where relative paths are known to be in the workspace. */
function inWorkspace(cmd: CommandView): boolean {
  return !cmd.cwdLeft && cwdInWorkspace(cmd.cwd ?? null, cmd.workspace ?? null);
}

/** Every operand of a delete is a build output inside the workspace. */
export function deletesOnlyOutputs(cmd: CommandView, operands: readonly string[]): boolean {
  return operands.length > 0 && inWorkspace(cmd) && operands.every(confinedOutput);
}

/** Expression words that only narrow a find; anything else (-o, !, -exec) keeps it asking. */
const FIND_NARROWING = new Set(['-type', '-maxdepth', '-mindepth']);
const FIND_FLAGS = new Set(['-delete', '-depth', '-print', '-xdev', '-mount', '-prune']);

/**
 * The build output name a find matches when it starts in the workspace and narrows only to that
 * name (`find . -name __pycache__ -type d`), or null. `expr` ends before any -exec action.
 */
export function findOutputName(starts: readonly string[], expr: readonly string[]): string | null {
  const startOk = starts.length > 0 && starts.every(staysInside);
  if (!startOk) return null;
  let named: string | null = null;
  for (let i = 0; i < expr.length; i++) {
    const a = expr[i] ?? '';
    if (FIND_FLAGS.has(a)) continue;
    if (FIND_NARROWING.has(a)) i++;
    else if ((a === '-name' || a === '-iname') && named === null) {
      named = expr[++i] ?? '';
      if (!isOutputName(named)) return null;
    } else return null;
  }
  return named;
}

/** `find . -name '*.orig' -delete`: starts in the workspace, and deletes only matches of output names. */
export function findDeletesOnlyOutputs(
  cmd: CommandView,
  starts: readonly string[],
  expr: readonly string[],
): boolean {
  return inWorkspace(cmd) && findOutputName(starts, expr) !== null;
}

/** Output names distinctive enough that a pattern matching inside a name still means them. */
const DISTINCT_OUTPUTS = new Set([
  'node_modules',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.parcel-cache',
  '.nyc_output',
  '.svelte-kit',
  '.dart_tool',
]);

/** The output name fd's pattern matches and nothing else (a glob, `^name$`, a distinctive name), or null. */
function fdPatternOutput(pattern: string, glob: boolean): string | null {
  if (glob) return isOutputName(pattern) ? pattern : null;
  const anchored = /^\^(.*)\$$/.exec(pattern);
  const name = (anchored?.[1] ?? pattern).replace(/\\\./g, '.');
  if (/[\\^$|()[\]{}*+?]/.test(name)) return null;
  return (anchored ? isOutputName(name) : DISTINCT_OUTPUTS.has(name)) ? name : null;
}

/**
 * What fd matches when it looks only in the workspace and only for a build output's name or
 * extension: the path handed to its `-x`/`-X` command, or null.
 */
export function fdOutputPath(search: FdSearch): string | null {
  const { pattern, paths, extensions, glob } = search;
  if (!search.known || !paths.every(staysInside)) return null;
  const byExtension =
    extensions.length > 0 && extensions.every((e) => isOutputName(`x.${e.replace(/^\./, '')}`));
  if (extensions.length > 0 && !byExtension) return null;
  const anything = pattern === undefined || pattern === '.' || pattern === '';
  const name = anything ? (byExtension ? `x.${extensions[0] ?? ''}` : null) : fdPatternOutput(pattern, glob);
  return name === null ? null : `${paths[0] ?? '.'}/${name}`;
}
