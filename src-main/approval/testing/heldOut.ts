/** Shared checks for the per-class held-out lists kept beside the rules (not the tuned corpora). */
import { expect } from 'vitest';
import { analyseCommand } from '../analysis/analyse';
import type { AnalysisOptions } from '../analysis/context';
import type { VerdictLevel } from '../analysis/verdict';

/** What a command must be judged: never runs, asks, or runs without a question. */
export type Expected = 'hardline' | 'ask' | 'quiet';

const LEVEL: Record<Expected, VerdictLevel> = { hardline: 'hardline', ask: 'dangerous', quiet: 'safe' };

/** Checks every command of a list and reports all mismatches at once, with the keys found. */
export function expectVerdicts(
  list: ReadonlyArray<readonly [Expected, string]>,
  options: AnalysisOptions = {},
): void {
  const wrong = list.flatMap(([want, cmd]) => {
    const v = analyseCommand(cmd, options);
    return v.verdict === LEVEL[want] ? [] : [`${want} but ${v.verdict} [${v.keys.join(',')}]: ${cmd}`];
  });
  expect(wrong).toEqual([]);
}
