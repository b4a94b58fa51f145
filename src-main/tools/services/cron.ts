/**
 * Scheduled prompts that run while the app is open. The host that owns the agent supplies the
 * run callback (start a turn with the job's prompt) and calls `stopAll()` on shutdown.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../runtime/types';
import { nextRun, parseSchedule, type Schedule } from './schedule';

export interface CronJob {
  id: string;
  schedule: string;
  prompt: string;
  /** The session that created the job, so the host can run it in the same conversation. */
  sessionId?: string;
  taskId?: string;
  createdAt: string;
  nextRunAt?: string;
  lastRunAt?: string;
  runs: number;
  lastError?: string;
}

export interface CronJobInput {
  schedule: string;
  prompt: string;
  sessionId?: string;
  taskId?: string;
}

/** What the cronjob tool needs; `CronScheduler` is the in-process implementation. */
export interface CronService {
  create(input: CronJobInput): CronJob;
  list(): CronJob[];
  remove(id: string): boolean;
}

export type CronRun = (job: CronJob) => void | Promise<void>;

export interface CronSchedulerOptions {
  logger?: Logger;
  maxJobs?: number;
}

interface Entry {
  job: CronJob;
  schedule: Schedule;
  timer?: ReturnType<typeof setTimeout>;
  running: boolean;
}

/** setTimeout cannot wait longer than this; later jobs re-arm in steps. */
const MAX_DELAY_MS = 2_147_483_647;

export class CronScheduler implements CronService {
  private readonly jobs = new Map<string, Entry>();

  constructor(
    private readonly run: CronRun,
    private readonly options: CronSchedulerOptions = {},
  ) {}

  create(input: CronJobInput): CronJob {
    const max = this.options.maxJobs ?? 50;
    if (this.jobs.size >= max) throw new Error(`At most ${max} jobs can be scheduled; remove one first`);
    const now = Date.now();
    const schedule = parseSchedule(input.schedule, now);
    const job: CronJob = {
      id: `job-${randomBytes(4).toString('hex')}`,
      schedule: input.schedule.trim(),
      prompt: input.prompt,
      sessionId: input.sessionId,
      taskId: input.taskId,
      createdAt: new Date(now).toISOString(),
      runs: 0,
    };
    const entry: Entry = { job, schedule, running: false };
    this.jobs.set(job.id, entry);
    this.arm(entry, nextRun(schedule, now));
    return { ...job };
  }

  list(): CronJob[] {
    return [...this.jobs.values()].map((e) => ({ ...e.job }));
  }

  remove(id: string): boolean {
    const entry = this.jobs.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    return this.jobs.delete(id);
  }

  stopAll(): void {
    for (const entry of this.jobs.values()) if (entry.timer) clearTimeout(entry.timer);
    this.jobs.clear();
  }

  private arm(entry: Entry, at: number | undefined): void {
    if (at === undefined) {
      this.jobs.delete(entry.job.id);
      return;
    }
    entry.job.nextRunAt = new Date(at).toISOString();
    const delay = Math.min(Math.max(0, at - Date.now()), MAX_DELAY_MS);
    entry.timer = setTimeout(() => this.fire(entry, at), delay);
    // A pending job alone must not keep a CLI process alive.
    entry.timer.unref?.();
  }

  private fire(entry: Entry, due: number): void {
    if (!this.jobs.has(entry.job.id)) return;
    const now = Date.now();
    if (now < due) return this.arm(entry, due);
    // An occurrence that comes while the previous run is still going is skipped, not queued.
    if (!entry.running) this.start(entry, now);
    const next =
      entry.schedule.kind === 'every' ? Math.max(due + entry.schedule.everyMs, now + 1) : undefined;
    this.arm(entry, next ?? nextRun(entry.schedule, now));
  }

  private start(entry: Entry, now: number): void {
    entry.running = true;
    entry.job.runs += 1;
    entry.job.lastRunAt = new Date(now).toISOString();
    Promise.resolve()
      .then(() => this.run({ ...entry.job }))
      .then(
        () => void (entry.job.lastError = undefined),
        (err: unknown) => {
          entry.job.lastError = err instanceof Error ? err.message : String(err);
          this.options.logger?.warn(`Scheduled job ${entry.job.id} failed: ${entry.job.lastError}`);
        },
      )
      .finally(() => void (entry.running = false));
  }
}
