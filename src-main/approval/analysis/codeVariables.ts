/**
 * Variables whose value the shell or another program runs later as a command: PROMPT_COMMAND
 * before every prompt, the prompt strings' substitutions, git's ssh command, pager and editor.
 */
import type { Source } from './context';
import { codeSourceHits } from './rules/remote';
import type { Collector, WalkerApi } from './wordEval';
import type { ArgWord } from './words';
import { isDynamic } from './words';
import { isLoaderVariable, loadedCode } from './loaderVariables';

/** What the walker offers: analysing code a command hands to a shell. */
interface NestedWalker extends WalkerApi {
  nestedCode(text: string, words: readonly ArgWord[], seg: number, src: Source, col: Collector): void;
}

const COMMAND_VARIABLES = new Set([
  'PROMPT_COMMAND',
  'GIT_SSH_COMMAND',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'PAGER',
  'MANPAGER',
  'SYSTEMD_PAGER',
  'SYSTEMD_EDITOR',
  'EDITOR',
  'VISUAL',
  'RSYNC_RSH',
  'LESSOPEN',
  'LESSCLOSE',
  // Programs run to ask for a password or open a page, and npm's shell for scripts.
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'BROWSER',
  'npm_config_script_shell',
  'NPM_CONFIG_SCRIPT_SHELL',
]);
const PROMPT_STRINGS = new Set(['PS0', 'PS1', 'PS2', 'PS4']);

/** Trims blanks and `;` at both ends (`$PROMPT_COMMAND; history -a` with nothing before). */
function trimSeparators(s: string): string {
  const sep = (c: string): boolean => c === ';' || c.trim() === '';
  let start = 0;
  let end = s.length;
  while (start < end && sep(s.charAt(start))) start++;
  while (end > start && sep(s.charAt(end - 1))) end--;
  return s.slice(start, end);
}

export function isCodeVariable(name: string): boolean {
  return COMMAND_VARIABLES.has(name) || PROMPT_STRINGS.has(name) || isLoaderVariable(name);
}

/** Analyses the value assigned to `name` as the commands it will run. */
export function codeVariableHits(
  w: NestedWalker,
  name: string,
  word: ArgWord,
  seg: number,
  src: Source,
  col: Collector,
): void {
  const loads = loadedCode(name, word.value, w.ctx.workspace);
  if (loads) w.ctx.hit(seg, 'loader-env', loads);
  if (!COMMAND_VARIABLES.has(name) && !PROMPT_STRINGS.has(name)) return;
  const runsLater = PROMPT_STRINGS.has(name) ? /\$\(|`/.test(word.value) : true;
  if (!runsLater) return;
  // Unknown parts stay unknown words; where they come from (a download, a decoder) still counts.
  if (isDynamic(word.value)) codeSourceHits([word], w.ctx.sink(seg));
  // less runs LESSOPEN after an optional `|` (pipe) or `-` marker.
  const value = name.startsWith('LESS') ? word.value.replace(/^\s*\|{0,2}-?/, '') : word.value;
  const code = trimSeparators(value);
  if (code === '') return;
  // A prompt string is text whose substitutions run: the no-op `:` keeps its words as arguments.
  if (PROMPT_STRINGS.has(name)) w.nestedCode(`: ${code}`, [], seg, src, col);
  else w.nestedCode(code, [word], seg, src, col);
}
