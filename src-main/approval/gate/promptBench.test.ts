import { describe, expect, it } from 'vitest';
import { countPrompts, SCRIPTED_SESSION } from './promptBench';

describe('prompts on the scripted coding session', () => {
  it('auto asks at most a fifth as often as manual, and still asks to publish and to force-push', async () => {
    const manual = await countPrompts('manual');
    const auto = await countPrompts('auto');
    expect(SCRIPTED_SESSION.length).toBeGreaterThanOrEqual(20);
    expect(manual.length).toBeGreaterThan(0);
    expect(auto.length * 5).toBeLessThanOrEqual(manual.length);
    expect(auto.map((r) => r.command)).toEqual(['npm publish', 'git push --force origin main']);
  });

  it('also against a person who grants each rule for the session', async () => {
    const manual = await countPrompts('manual', 'session');
    const auto = await countPrompts('auto', 'session');
    expect(auto.length * 5).toBeLessThanOrEqual(manual.length);
  });
});
