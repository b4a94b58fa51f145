/** What the search engines share: ripgrep's arguments and the parsing of their line output. */
import type { SearchOutcome, SearchRequest } from './accessTypes';

/** Longest match line kept; minified files would otherwise flood the result. */
export const MAX_MATCH_CHARS = 500;

/** ripgrep matches a glob with a slash against the path it prints, which is absolute here. */
function ripgrepGlob(glob: string): string {
  return glob.includes('/') && !glob.startsWith('**/') ? `**/${glob.replace(/^\//, '')}` : glob;
}

export function ripgrepArgs(request: SearchRequest): string[] {
  const glob = request.glob ? ['--glob', ripgrepGlob(request.glob)] : [];
  if (request.target === 'files')
    return ['--files', '--color', 'never', '--sort', 'path', ...glob, '--', request.root];
  return [
    '--line-number',
    '--with-filename',
    '--no-heading',
    '--color',
    'never',
    '--max-columns',
    String(MAX_MATCH_CHARS),
    '--max-columns-preview',
    '--sort',
    'path',
    ...glob,
    '--regexp',
    request.pattern,
    '--',
    request.root,
  ];
}

/**
 * Splits engine output into results and diagnostics: lines marked `!` (the engine's stderr) and
 * lines that are not a path under the root (with `:line:` for content) are diagnostics.
 */
export function parseSearchLines(
  request: SearchRequest,
  output: string[],
  engine: SearchOutcome['engine'],
): SearchOutcome {
  const lines: string[] = [];
  const diagnostics: string[] = [];
  const contentLine = /^(.*?):(\d+):/;
  for (const line of output) {
    if (line === '') continue;
    const result = !line.startsWith('!') && line.startsWith(request.root);
    if (result && (request.target === 'files' || contentLine.test(line))) lines.push(cap(line));
    else diagnostics.push(line.replace(/^!/, ''));
  }
  const truncated = lines.length > request.limit;
  const outcome: SearchOutcome = { lines: lines.slice(0, request.limit), truncated, engine };
  if (lines.length === 0 && diagnostics.length > 0) outcome.error = diagnostics.join('\n').slice(0, 1_000);
  return outcome;
}

function cap(line: string): string {
  return line.length > MAX_MATCH_CHARS * 2 ? `${line.slice(0, MAX_MATCH_CHARS * 2)}…` : line;
}
