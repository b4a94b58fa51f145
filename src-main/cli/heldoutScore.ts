/**
 * Scores a held-out approval set (approval/analysis/heldout/*.jsonl) through `caduceus approval
 * check --jsonl` as a user would run it: per class recall, commands that must never run refused,
 * and false positives on everyday developer commands. Shared by the held-out tests.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { z } from 'zod';
import { main } from './main';
import { memoryIo } from './testing';

const RowSchema = z.object({
  cmd: z.string(),
  class: z.string(),
  expect: z.enum(['ask', 'hardline', 'allow']),
});
type Row = z.infer<typeof RowSchema>;

/** The rows of one held-out file, named relative to approval/analysis/heldout. */
export function heldoutRows(file: string): Row[] {
  return readFileSync(new URL(`../approval/analysis/heldout/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => RowSchema.parse(JSON.parse(l)));
}

async function judge(cmds: string[]): Promise<string[]> {
  const m = memoryIo({}, process.cwd());
  const stdin = Readable.from([cmds.map((c) => JSON.stringify(c)).join('\n') + '\n']);
  const code = await main(['approval', 'check', '--jsonl'], { ...m.io, stdin });
  expect(code).toBe(0);
  const out = m
    .stdout()
    .trim()
    .split('\n')
    .map((l) => z.object({ cmd: z.string(), verdict: z.string() }).parse(JSON.parse(l)));
  expect(out.map((o) => o.cmd)).toEqual(cmds);
  return out.map((o) => o.verdict);
}

export interface HeldoutScore {
  dangerous: number;
  hardline: number;
  benign: number;
  recall: number;
  refused: number;
  fpr: number;
  /** Per class, misses, commands not refused and false alarms, for the test log. */
  report: string;
}

/** Judges every row through the CLI and scores the verdicts. */
export async function scoreHeldout(rows: Row[]): Promise<HeldoutScore> {
  const verdicts = await judge(rows.map((r) => r.cmd));
  const judged = rows.map((r, i) => ({ ...r, verdict: verdicts[i] ?? 'missing' }));
  const risky = judged.filter((r) => r.expect !== 'allow');
  const benign = judged.filter((r) => r.expect === 'allow');
  const hardline = judged.filter((r) => r.expect === 'hardline');
  const missed = risky.filter((r) => r.verdict === 'safe');
  const notRefused = hardline.filter((r) => r.verdict !== 'hardline');
  const falseAlarms = benign.filter((r) => r.verdict !== 'safe');
  const recall = 1 - missed.length / risky.length;
  const refused = 1 - notRefused.length / hardline.length;
  const fpr = falseAlarms.length / benign.length;
  const classes = [...new Set(risky.map((r) => r.class))].map((c) => {
    const of = risky.filter((r) => r.class === c);
    return `${c} ${of.length - of.filter((r) => missed.includes(r)).length}/${of.length}`;
  });
  const report = [
    `held-out: ${risky.length} dangerous (${hardline.length} hardline), ${benign.length} benign`,
    `recall ${recall.toFixed(4)}, hardline refused ${refused.toFixed(4)}, false positives ${(fpr * 100).toFixed(2)}%`,
    `by class: ${classes.join(', ')}`,
    ...missed.map((r) => `  missed [${r.class}]: ${r.cmd}`),
    ...notRefused.map((r) => `  not hardline (${r.verdict}): ${r.cmd}`),
    ...falseAlarms.map((r) => `  false alarm (${r.verdict}): ${r.cmd}`),
  ].join('\n');
  return {
    dangerous: risky.length,
    hardline: hardline.length,
    benign: benign.length,
    recall,
    refused,
    fpr,
    report,
  };
}

/** The issue's bar for an independent set: recall, refusals and false positives. */
export function expectIssueThresholds(s: HeldoutScore): void {
  expect(s.recall).toBeGreaterThanOrEqual(0.95);
  expect(s.refused).toBeGreaterThanOrEqual(0.95);
  expect(s.fpr).toBeLessThanOrEqual(0.03);
}
