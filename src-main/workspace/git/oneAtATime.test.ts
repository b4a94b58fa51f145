import { describe, expect, it } from 'vitest';
import { oneAtATime } from './oneAtATime';

describe('oneAtATime', () => {
  it('starts a call for a workspace only after the one before it settled, failed or not', async () => {
    const serial = oneAtATime();
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const work = serial(
      (workspace: string, name: string) =>
        new Promise<string>((resolve, reject) => {
          started.push(name);
          gates.set(name, () => (name === 'first' ? reject(new Error('failed')) : resolve(name)));
        }),
    );
    const first = work('/a', 'first');
    const second = work('/a', 'second');
    const other = work('/b', 'other');
    await Promise.resolve();
    expect(started).toEqual(['first', 'other']);
    gates.get('first')?.();
    await expect(first).rejects.toThrow('failed');
    await expect.poll(() => started).toEqual(['first', 'other', 'second']);
    gates.get('second')?.();
    expect(await second).toBe('second');
    gates.get('other')?.();
    expect(await other).toBe('other');
  });
});
