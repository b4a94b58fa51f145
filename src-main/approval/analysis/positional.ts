/**
 * `sh -c 'rm -rf "$1"' _ /`: the words after a shell's code are its `$0`, `$1`, …, so the code
 * is judged with them in place, as the shell runs it.
 */
import type { AnalysisContext } from './context';

const NAMES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** Code that moves or resets its parameters; they are then left unknown rather than guessed. */
const MOVES = /\b(?:shift|set|getopts)\b/;

/** Runs `walk` with `$0`…`$9` bound to `values`, restoring what was there before. */
export function withPositional(
  ctx: AnalysisContext,
  code: string,
  values: readonly string[] | undefined,
  walk: () => void,
): void {
  if (!values || values.length === 0 || MOVES.test(code)) return walk();
  const saved = NAMES.map((n) => ctx.env.get(n));
  const bound = Math.min(values.length, NAMES.length);
  for (let i = 0; i < bound; i++) ctx.env.set(NAMES[i] ?? '', values[i] ?? '');
  try {
    walk();
  } finally {
    NAMES.forEach((n, i) => {
      const before = saved[i];
      if (before === undefined) ctx.env.delete(n);
      else ctx.env.set(n, before);
    });
  }
}
