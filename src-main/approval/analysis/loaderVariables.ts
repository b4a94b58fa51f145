/**
 * Variables that make a program load code from a file before its own: the dynamic linker's
 * preload list, the file every non-interactive shell sources, the modules a runtime requires
 * first. The command shows none of that code.
 */
import { canonicalPath } from './paths';
import { under } from './workspace';

/** Always a library or script loaded into whatever runs next. */
const ALWAYS = new Set(['LD_PRELOAD', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES', 'BASH_ENV', 'ENV']);
/** Runtime options or files, code only where they name a file by its path. */
const FILE_OPTIONS = new Set(['NODE_OPTIONS', 'PYTHONSTARTUP', 'RUBYOPT', 'PERL5OPT']);

export function isLoaderVariable(name: string): boolean {
  return ALWAYS.has(name) || FILE_OPTIONS.has(name);
}

/** Paths a runtime option names: `--require /x.js`, `--import=/x.mjs`, `-r/x`, `-I/dir`, or the value itself. */
function namedPaths(name: string, value: string): string[] {
  if (name === 'PYTHONSTARTUP') return [value];
  const words = value.split(/\s+/);
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const m = /^(?:--(?:require|import|loader|experimental-loader)|-r|-I|-M)(?:=)?(.*)$/.exec(w);
    if (!m) continue;
    const given = m[1] !== '' ? m[1] : words[++i];
    if (given) found.push(given);
  }
  return found;
}

/** Why assigning `value` to `name` loads code the command does not show, or null. */
export function loadedCode(name: string, value: string, workspace: string | null): string | null {
  if (value.trim() === '') return null;
  if (ALWAYS.has(name)) return `${name}=${value}`;
  if (!FILE_OPTIONS.has(name)) return null;
  // A module by name, or a file of the project, is the project's own start-up code.
  const ws = workspace === null ? null : canonicalPath(workspace);
  const outside = namedPaths(name, value).find(
    (p) => /^(?:\/|~)/.test(p) && (ws === null || !under(canonicalPath(p), ws)),
  );
  return outside === undefined ? null : `${name} loads ${outside}`;
}
