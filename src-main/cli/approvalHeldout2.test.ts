/**
 * A second held-out set (approval/analysis/heldout/heldout2.jsonl), written before reading the
 * rules, the corpora or the first held-out set, with other programs and syntaxes than the issue's
 * examples: checks that the classes generalise rather than the samples.
 */
import { describe, expect, it } from 'vitest';
import { expectIssueThresholds, heldoutRows, scoreHeldout } from './heldoutScore';

describe('second held-out approval set through the CLI', () => {
  it('asks for dangerous commands, refuses what never runs, and keeps developer commands quiet', async () => {
    const s = await scoreHeldout(heldoutRows('heldout2.jsonl'));
    console.log(s.report);
    expect(s.dangerous).toBeGreaterThanOrEqual(200);
    expect(s.hardline).toBeGreaterThanOrEqual(40);
    expect(s.benign).toBeGreaterThanOrEqual(150);
    expectIssueThresholds(s);
  });
});
