/**
 * A held-out set written apart from the project's corpora (approval/analysis/heldout), scored
 * through `caduceus approval check --jsonl` as a user would run it: per class recall, commands
 * that must never run refused, and false positives on everyday developer commands.
 */
import { describe, expect, it } from 'vitest';
import { expectIssueThresholds, heldoutRows, scoreHeldout } from './heldoutScore';

describe('held-out approval set through the CLI', () => {
  it('asks for dangerous commands, refuses what never runs, and keeps developer commands quiet', async () => {
    const s = await scoreHeldout(heldoutRows('heldout.jsonl'));
    console.log(s.report);
    expect(s.dangerous).toBeGreaterThanOrEqual(240);
    expect(s.benign).toBeGreaterThanOrEqual(150);
    expectIssueThresholds(s);
  });
});
