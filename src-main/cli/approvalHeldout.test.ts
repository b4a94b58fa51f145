/**
 * A held-out set written apart from the project's corpora (approval/analysis/heldout), scored
 * through `caduceus approval check --jsonl` as a user would run it: per class recall, commands
 * that must never run refused, and false positives on everyday developer commands.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { main } from './main';
import { memoryIo } from './testing';

const RowSchema = z.object({
  cmd: z.string(),
  class: z.string(),
  expect: z.enum(['ask', 'hardline', 'allow']),
});
type Row = z.infer<typeof RowSchema>;

const rows: Row[] = readFileSync(
  new URL('../approval/analysis/heldout/heldout.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => RowSchema.parse(JSON.parse(l)));

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

describe('held-out approval set through the CLI', () => {
  it('asks for dangerous commands, refuses what never runs, and keeps developer commands quiet', async () => {
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
    console.log(
      [
        `held-out: ${risky.length} dangerous (${hardline.length} hardline), ${benign.length} benign`,
        `recall ${recall.toFixed(4)}, hardline refused ${refused.toFixed(4)}, false positives ${(fpr * 100).toFixed(2)}%`,
        `by class: ${classes.join(', ')}`,
        ...missed.map((r) => `  missed [${r.class}]: ${r.cmd}`),
        ...notRefused.map((r) => `  not hardline (${r.verdict}): ${r.cmd}`),
        ...falseAlarms.map((r) => `  false alarm (${r.verdict}): ${r.cmd}`),
      ].join('\n'),
    );
    expect(risky.length).toBeGreaterThanOrEqual(240);
    expect(benign.length).toBeGreaterThanOrEqual(150);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(refused).toBeGreaterThanOrEqual(0.95);
    expect(fpr).toBeLessThanOrEqual(0.03);
  });
});
