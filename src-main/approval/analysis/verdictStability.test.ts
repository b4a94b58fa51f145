/**
 * Speed work must not change a single judgement: every command of the corpora and held-out sets,
 * and each 1 MB benchmark input, must get exactly the verdict (keys, reasons, segments, writes)
 * recorded in testing/verdictDigests.json. A change meant to alter verdicts rewrites that file
 * on purpose: UPDATE_VERDICT_DIGESTS=1 npx vitest run <this file>.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseCommand, initShellParser } from './analyse';
import { adversarialInputs } from './bench';

beforeAll(() => initShellParser());

const SETS = [
  'corpus/dangerous.jsonl',
  'corpus/safe.jsonl',
  'corpus2/benign.jsonl',
  'corpus2/dangerous.jsonl',
  'heldout/heldout.jsonl',
  'heldout/heldout2.jsonl',
  'heldout/heldout3.jsonl',
  'heldout/heldout4.jsonl',
];
const DIGESTS = new URL('./testing/verdictDigests.json', import.meta.url);
/** A working directory inside a workspace, so path rules that depend on both are exercised too. */
const IN_WORKSPACE = { cwd: '/home/dev/app/src', workspace: '/home/dev/app' };

function commandsOf(set: string): string[] {
  return readFileSync(new URL(`./${set}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { cmd: string }).cmd);
}

function digest(command: string): string {
  const both = [analyseCommand(command), analyseCommand(command, IN_WORKSPACE)];
  return createHash('sha256').update(JSON.stringify(both)).digest('hex').slice(0, 16);
}

function currentDigests(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const set of SETS) out[set] = commandsOf(set).map(digest);
  // Past the parser's size limit, so never subject to its time budget: deterministic.
  out['bench/adversarial'] = Object.values(adversarialInputs()).map(digest);
  return out;
}

describe('verdicts stay the same', () => {
  it('matches the recorded digest of every judgement', () => {
    const now = currentDigests();
    if (process.env.UPDATE_VERDICT_DIGESTS === '1')
      writeFileSync(DIGESTS, JSON.stringify(now, null, 1) + '\n');
    const recorded = JSON.parse(readFileSync(DIGESTS, 'utf8')) as Record<string, string[]>;
    const inputs: Record<string, string[]> = {
      ...Object.fromEntries(SETS.map((s) => [s, commandsOf(s)])),
      'bench/adversarial': Object.keys(adversarialInputs()),
    };
    const changed: string[] = [];
    for (const [set, digests] of Object.entries(now)) {
      expect(digests.length, set).toBe(recorded[set]?.length);
      digests.forEach((d, i) => {
        if (d !== recorded[set]?.[i]) changed.push(`${set}: ${(inputs[set]?.[i] ?? '').slice(0, 120)}`);
      });
    }
    expect(changed).toEqual([]);
  });
});
