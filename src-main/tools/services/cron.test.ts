import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../runtime/logger';
import { CronScheduler, type CronJob } from './cron';

const START = new Date(2026, 0, 15, 10, 0, 0);

describe('CronScheduler', () => {
  beforeEach(() => void vi.useFakeTimers({ now: START }));
  afterEach(() => void vi.useRealTimers());

  it('runs a one-shot job once, then forgets it', async () => {
    const ran: CronJob[] = [];
    const cron = new CronScheduler((job) => void ran.push(job));
    const job = cron.create({ schedule: 'in 10m', prompt: 'check mail', sessionId: 's1' });
    expect(job.nextRunAt).toBe(new Date(START.getTime() + 600_000).toISOString());
    await vi.advanceTimersByTimeAsync(599_000);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual([
      expect.objectContaining({ id: job.id, prompt: 'check mail', sessionId: 's1', runs: 1 }),
    ]);
    expect(cron.list()).toEqual([]);
  });

  it('repeats interval and cron jobs until removed', async () => {
    const ran: string[] = [];
    const cron = new CronScheduler((job) => void ran.push(job.prompt));
    const every = cron.create({ schedule: 'every 5m', prompt: 'interval' });
    cron.create({ schedule: '0 * * * *', prompt: 'hourly' });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(ran.filter((p) => p === 'interval')).toHaveLength(12);
    expect(ran.filter((p) => p === 'hourly')).toHaveLength(1);
    expect(cron.remove(every.id)).toBe(true);
    expect(cron.remove(every.id)).toBe(false);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(ran.filter((p) => p === 'interval')).toHaveLength(12);
    expect(ran.filter((p) => p === 'hourly')).toHaveLength(2);
    cron.stopAll();
    expect(cron.list()).toEqual([]);
  });

  it('skips an occurrence while the previous run is still going, and records failures', async () => {
    const logger = createMemoryLogger();
    let release: () => void = () => {};
    let started = 0;
    const cron = new CronScheduler(
      () => {
        started++;
        if (started === 1) return new Promise<void>((resolve) => (release = resolve));
        throw new Error('agent busy');
      },
      { logger },
    );
    const job = cron.create({ schedule: 'every 1m', prompt: 'p' });
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(started).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toBe(2);
    expect(cron.list()[0]).toMatchObject({ id: job.id, runs: 2, lastError: 'agent busy' });
    expect(logger.messages).toContainEqual({
      level: 'warn',
      message: `Scheduled job ${job.id} failed: agent busy`,
    });
    cron.stopAll();
  });

  it('limits how many jobs exist and rejects bad schedules', () => {
    const cron = new CronScheduler(() => {}, { maxJobs: 1 });
    cron.create({ schedule: 'every 1h', prompt: 'a' });
    expect(() => cron.create({ schedule: 'every 1h', prompt: 'b' })).toThrow(/At most 1 jobs/);
    cron.stopAll();
    expect(() => cron.create({ schedule: 'sometime', prompt: 'c' })).toThrow(/not a schedule/);
  });
});
