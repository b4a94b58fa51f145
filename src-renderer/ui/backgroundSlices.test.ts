import { afterEach, describe, expect, it, vi } from 'vitest';
import { inBackgroundSlices, SLICE_MS } from './backgroundSlices';

interface Posted {
  run: () => void;
  priority: string;
  signal: AbortSignal;
}

/** A page's task scheduler that runs nothing until told: the test plays the event loop. */
function fakeScheduler() {
  const posted: Posted[] = [];
  const scheduler = {
    postTask(run: () => void, options: { priority: string; signal: AbortSignal }) {
      posted.push({ run, ...options });
      return new Promise<void>((resolve, reject) =>
        options.signal.aborted ? reject(new Error('AbortError')) : resolve(),
      );
    },
  };
  vi.stubGlobal('scheduler', scheduler);
  /** Runs the oldest task posted; false when none waits. */
  const runNext = () => {
    const task = posted.shift();
    task?.run();
    return task !== undefined;
  };
  return { posted, runNext };
}

/** A step that takes `ms` of the clock (the clock is moved, nothing waits). */
function clockStep(ms: number, steps: number) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  const done: number[] = [];
  const step = () => {
    now += ms;
    done.push(now);
    return done.length < steps;
  };
  return { step, done };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('inBackgroundSlices', () => {
  it('runs the work in tasks of background priority, each ending once SLICE_MS has passed', () => {
    const { posted, runNext } = fakeScheduler();
    const { step, done } = clockStep(1, 10);
    inBackgroundSlices(step);
    expect(done).toHaveLength(0);
    expect(posted[0]?.priority).toBe('background');

    runNext();
    expect(done).toHaveLength(SLICE_MS);
    // What is left waits for a task of its own, behind whatever else the page has to do.
    expect(posted).toHaveLength(1);
    while (runNext());
    expect(done).toHaveLength(10);
    expect(posted).toHaveLength(0);
  });

  it('ends a slice after one step when input waits', () => {
    const { runNext } = fakeScheduler();
    vi.stubGlobal('navigator', { scheduling: { isInputPending: () => true } });
    const { step, done } = clockStep(0, 5);
    inBackgroundSlices(step);
    runNext();
    expect(done).toHaveLength(1);
    runNext();
    expect(done).toHaveLength(2);
  });

  it('does nothing more once stopped, though a task was already posted', async () => {
    const { posted, runNext } = fakeScheduler();
    const { step, done } = clockStep(1, 100);
    const stop = inBackgroundSlices(step);
    runNext();
    const before = done.length;
    stop();
    expect(posted[0]?.signal.aborted).toBe(true);
    runNext();
    expect(done).toHaveLength(before);
    expect(posted).toHaveLength(0);
    // The aborted task's rejection is handled: nothing is left unhandled.
    await Promise.resolve();
  });

  it('uses timeouts where the page has no task scheduler', () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    const { step, done } = clockStep(1, 2 * SLICE_MS + 1);
    const stop = inBackgroundSlices(step);
    vi.advanceTimersByTime(0);
    expect(done).toHaveLength(SLICE_MS);
    stop();
    vi.advanceTimersByTime(100);
    expect(done).toHaveLength(SLICE_MS);
  });
});
