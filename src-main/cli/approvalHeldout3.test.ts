/**
 * A third held-out approval set (approval/analysis/heldout/heldout3.jsonl), written blind after
 * the first two had been fixed: carriers, remote code, publishing, exfiltration, persistence,
 * privilege and hardline spellings the rules were not tuned to.
 */
import { describe, expect, it } from 'vitest';
import { expectIssueThresholds, heldoutRows, scoreHeldout } from './heldoutScore';

describe('third held-out approval set through the CLI', () => {
  it('asks for dangerous commands, refuses what never runs, and keeps developer commands quiet', async () => {
    const s = await scoreHeldout(heldoutRows('heldout3.jsonl'));
    console.log(s.report);
    expect(s.dangerous).toBeGreaterThanOrEqual(200);
    expect(s.hardline).toBeGreaterThanOrEqual(40);
    expect(s.benign).toBeGreaterThanOrEqual(150);
    expectIssueThresholds(s);
  });
});
