/**
 * The detection entry point: normalise, parse, walk every simple command, and report which
 * rule each part of the command triggered. Without a parse, pattern checks decide, and the
 * result is never "safe".
 */
import type { AnalysisOptions } from './context';
import { AnalysisContext } from './context';
import { fallbackScan } from './fallback';
import { normaliseCommand } from './normalise';
import { parseCommandText } from './plain';
import type { Verdict } from './verdict';
import type { ArgWord } from './words';
import { walkTop } from './walker';

export { initShellParser, isShellParserReady } from './parse';
export { analyseProcessInput } from './processInput';
export type { AnalysisOptions } from './context';

/** Judges one shell command. Call `initShellParser()` once first; until then only plain commands are parsed. */
export function analyseCommand(command: string, options: AnalysisOptions = {}): Verdict {
  const text = normaliseCommand(command);
  try {
    const ctx = new AnalysisContext(text, options);
    const tree = parseCommandText(text, ctx.budget);
    if (tree) {
      walkTop(ctx, tree);
      return ctx.verdict();
    }
    return patternVerdict(text, 'the shell parser could not read this command', options);
  } catch (err) {
    // A fault in the analysis must not turn into "safe"; the pattern checks decide instead.
    return patternVerdict(
      text,
      `analysis failed (${err instanceof Error ? err.message : String(err)})`,
      options,
    );
  }
}

function patternVerdict(text: string, why: string, options: AnalysisOptions): Verdict {
  const ctx = new AnalysisContext(text, options);
  const src = { text, base: 0, span: [0, text.length] as const };
  ctx.parsed = false;
  ctx.hit(ctx.segment(src, 0, text.length, [], []), 'unparsed-command', why);
  // One empty list for both: a segment then shows one array of no words, not two.
  const none: ArgWord[] = [];
  fallbackScan(text, (start, end) => ctx.sink(ctx.segment(src, start, end, none, none)));
  return ctx.verdict();
}
