/**
 * A held-out corpus for the classes the first corpus missed: code in interpreter one-liners,
 * traps and prompt hooks, $IFS splitting, git settings that run commands, bulk deletes and
 * writes outside the workspace, and text written to a running shell or interpreter.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyseCommand, analyseProcessInput, initShellParser } from './analyse';
import { ruleFor } from './rules/registry';
import type { Verdict } from './verdict';

beforeAll(() => initShellParser());

const EntrySchema = z.object({
  cmd: z.string(),
  /** The blind spot the entry exercises. */
  class: z.string(),
  tag: z.enum(['plain', 'dressed', 'lookalike']),
  /** When set, `cmd` is text written to the stdin of a background process running this command. */
  process: z.string().optional(),
});
type Entry = z.infer<typeof EntrySchema>;

function load(file: string): Entry[] {
  return readFileSync(new URL(`./corpus2/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => EntrySchema.parse(JSON.parse(line)));
}

/** Every entry is judged as if the task's workspace (and cwd) were this project folder. */
const options = { cwd: '/home/dev/project' };

function judge(e: Entry): Verdict {
  return e.process === undefined
    ? analyseCommand(e.cmd, options)
    : analyseProcessInput(e.process, e.cmd, options);
}

const dangerous = load('dangerous.jsonl');
const benign = load('benign.jsonl');

describe('blind-spot corpus', () => {
  it('is large enough and covers every class with several variants', () => {
    expect(dangerous.length).toBeGreaterThanOrEqual(150);
    expect(benign.length).toBeGreaterThanOrEqual(100);
    const classes = new Set(dangerous.map((e) => e.class));
    for (const c of classes) {
      expect(dangerous.filter((e) => e.class === c).length, c).toBeGreaterThanOrEqual(3);
      expect(
        dangerous.some((e) => e.class === c && e.tag === 'dressed'),
        c,
      ).toBe(true);
    }
    const key = (e: Entry): string => `${e.process ?? ''}\u0000${e.cmd}`;
    expect(new Set([...dangerous, ...benign].map(key)).size).toBe(dangerous.length + benign.length);
  });

  it('asks about every dangerous entry (recall 100%) with at most 2% false positives', () => {
    const missed = dangerous.filter((e) => judge(e).verdict === 'safe');
    const falseAlarms = benign.filter((e) => judge(e).verdict !== 'safe');
    const recall = 1 - missed.length / dangerous.length;
    const fpr = falseAlarms.length / benign.length;
    console.log(
      [
        `blind-spot corpus: ${dangerous.length} dangerous, ${benign.length} benign look-alikes`,
        `recall ${recall.toFixed(4)}, false positives ${(fpr * 100).toFixed(2)}%`,
        ...missed.map((e) => `  missed [${e.class}]: ${e.process ? `(to ${e.process}) ` : ''}${e.cmd}`),
        ...falseAlarms.map((e) => `  false alarm [${e.class}]: ${e.cmd} → ${judge(e).keys.join(', ')}`),
      ].join('\n'),
    );
    expect(recall).toBe(1);
    expect(fpr).toBeLessThanOrEqual(0.02);
  });

  it('explains each finding with a known rule and a reason', () => {
    for (const e of dangerous) {
      const v = judge(e);
      expect(v.reasons.length, e.cmd).toBeGreaterThan(0);
      for (const k of v.keys) expect(ruleFor(k), `${k} in ${e.cmd}`).toBeDefined();
    }
  });
});
