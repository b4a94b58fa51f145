/**
 * A fourth held-out approval set (approval/analysis/heldout/heldout4.jsonl), written blind by
 * class without reading the rules or corpora. Scored before the rules it led to: recall 0.96,
 * hardline 0.96, false positives 2.0%.
 */
import { describe, expect, it } from 'vitest';
import { expectIssueThresholds, heldoutRows, scoreHeldout } from './heldoutScore';

describe('fourth held-out approval set through the CLI', () => {
  it('asks for dangerous commands, refuses what never runs, and keeps developer commands quiet', async () => {
    const s = await scoreHeldout(heldoutRows('heldout4.jsonl'));
    console.log(s.report);
    expect(s.dangerous).toBeGreaterThanOrEqual(200);
    expect(s.hardline).toBeGreaterThanOrEqual(50);
    expect(s.benign).toBeGreaterThanOrEqual(100);
    expectIssueThresholds(s);
  });
});
