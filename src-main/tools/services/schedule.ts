/** Schedules the cronjob tool accepts: "in 10m", "every 1h", an ISO time, or a 5-field cron line. */

export type Schedule =
  { kind: 'once'; at: number } | { kind: 'every'; everyMs: number } | { kind: 'cron'; cron: CronFields };

interface CronFields {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  anyDay: boolean;
  anyWeekday: boolean;
}

/** Repeating jobs faster than this would flood the agent. */
export const MIN_INTERVAL_MS = 60_000;

const DAY_MS = 86_400_000;
const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: DAY_MS };
const DURATION = /^(\d+)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?)$/i;
const MACROS: Record<string, string> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
  '@yearly': '0 0 1 1 *',
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export function parseSchedule(text: string, now: number): Schedule {
  const spec = text.trim().toLowerCase();
  const relative = /^(in|every)\s+(.+)$/.exec(spec);
  if (relative) {
    const ms = duration(relative[2] ?? '');
    if (relative[1] === 'in') return { kind: 'once', at: now + ms };
    if (ms < MIN_INTERVAL_MS) throw new Error('A repeating job runs at most once a minute');
    return { kind: 'every', everyMs: ms };
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(spec)) {
    const at = Date.parse(text.trim());
    if (Number.isNaN(at)) throw new Error(`"${text}" is not a valid date and time`);
    if (at <= now) throw new Error(`"${text}" is in the past`);
    return { kind: 'once', at };
  }
  const cron = parseCron(MACROS[spec] ?? spec);
  if (!nextCron(cron, now)) throw new Error(`"${text}" never matches a date`);
  return { kind: 'cron', cron };
}

function duration(text: string): number {
  const match = DURATION.exec(text.trim());
  const unit = UNITS[match?.[2]?.[0]?.toLowerCase() ?? ''];
  if (!match || !unit || Number(match[1]) <= 0)
    throw new Error(`"${text}" is not a duration like 30s, 10m, 2h or 1d`);
  return Number(match[1]) * unit;
}

/** The next time a schedule fires after `after` (epoch ms), or undefined when it never will. */
export function nextRun(schedule: Schedule, after: number): number | undefined {
  if (schedule.kind === 'once') return schedule.at > after ? schedule.at : undefined;
  if (schedule.kind === 'every') return after + schedule.everyMs;
  return nextCron(schedule.cron, after);
}

function parseCron(spec: string): CronFields {
  const parts = spec.split(/\s+/);
  if (parts.length !== 5)
    throw new Error(`"${spec}" is not a schedule: use "in 10m", "every 1h", an ISO date, or 5 cron fields`);
  const [minute, hour, day, month, weekday] = parts as [string, string, string, string, string];
  const weekdays = field(weekday, 0, 7, WEEKDAYS);
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minutes: field(minute, 0, 59),
    hours: field(hour, 0, 23),
    days: field(day, 1, 31),
    months: field(month, 1, 12, MONTHS, 1),
    weekdays,
    anyDay: day === '*',
    anyWeekday: weekday === '*',
  };
}

function field(text: string, min: number, max: number, names: string[] = [], firstName = 0): Set<number> {
  const value = (token: string) => {
    const named = names.indexOf(token);
    const n = named >= 0 ? named + firstName : Number(token);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`"${token}" is out of range ${min}-${max}`);
    return n;
  };
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`"${part}" has an invalid step`);
    let [from, to] = [min, max];
    if (range !== '*') {
      const [a = '', b] = range.split('-');
      from = value(a);
      to = b === undefined ? (stepText === undefined ? from : max) : value(b);
    }
    if (from > to) throw new Error(`"${part}" is an empty range`);
    for (let n = from; n <= to; n += step) out.add(n);
  }
  return out;
}

/** Walks forward in local time, skipping whole months, days and hours that cannot match. */
function nextCron(cron: CronFields, after: number): number | undefined {
  const d = new Date(after);
  d.setSeconds(0, 0);
  d.setMinutes(d.getMinutes() + 1);
  const limit = after + 5 * 366 * DAY_MS;
  while (d.getTime() <= limit) {
    if (!cron.months.has(d.getMonth() + 1)) {
      d.setMonth(d.getMonth() + 1, 1);
      d.setHours(0, 0, 0, 0);
    } else if (!dayMatches(cron, d)) {
      d.setDate(d.getDate() + 1);
      d.setHours(0, 0, 0, 0);
    } else if (!cron.hours.has(d.getHours())) {
      d.setHours(d.getHours() + 1, 0, 0, 0);
    } else if (!cron.minutes.has(d.getMinutes())) {
      d.setMinutes(d.getMinutes() + 1, 0, 0);
    } else {
      return d.getTime();
    }
  }
  return undefined;
}

/** Classic cron: when both day fields are restricted, either may match. */
function dayMatches(cron: CronFields, d: Date): boolean {
  const day = cron.days.has(d.getDate());
  const weekday = cron.weekdays.has(d.getDay());
  if (cron.anyDay && cron.anyWeekday) return true;
  if (cron.anyDay) return weekday;
  if (cron.anyWeekday) return day;
  return day || weekday;
}
