/**
 * `cronjob` create and remove: a job runs the model's prompt later with nobody watching, so
 * scheduling one (or removing one) is put to the approval gate with the prompt and the schedule,
 * and made only after a yes.
 */
import { CRON_CHANGE } from '../../approval/analysis';
import { toolError } from '../../runtime/errors';
import type { ToolContext } from '../../runtime/types';
import { gateRefusal } from '../terminal/wiring';
import type { CommandGate } from '../toolModule';
import type { CronJob, CronService } from './cron';
import { parseSchedule } from './schedule';

/** The ledger's subject kind for a scheduled job. */
export const CRON_SUBJECT_KIND = 'cron';

const WORDS_MAX = 80;

/** The prompt's first line, cut short for the question's headline and the ledger's subject. */
function headline(prompt: string): string {
  const line = prompt.split('\n')[0] ?? '';
  return line.length > WORDS_MAX || line !== prompt ? `${line.slice(0, WORDS_MAX)}…` : line;
}

export async function scheduleJob(
  cron: CronService,
  gate: CommandGate,
  input: { schedule: string; prompt: string },
  call: ToolContext,
): Promise<unknown> {
  // An invalid schedule is refused before anyone is asked.
  parseSchedule(input.schedule, Date.now());
  const refusal = await gateRefusal(gate, `schedule "${headline(input.prompt)}" (${input.schedule})`, call, {
    subjectKind: CRON_SUBJECT_KIND,
    detail: `Schedule: ${input.schedule}\nRuns this prompt in this session, with nobody watching:\n\n${input.prompt}`,
    extraKeys: [CRON_CHANGE],
  });
  if (refusal) return refusal;
  return {
    created: cron.create({ ...input, sessionId: call.sessionId, taskId: call.taskId }),
  };
}

export async function removeJob(
  cron: CronService,
  gate: CommandGate,
  id: string,
  call: ToolContext,
): Promise<unknown> {
  const job: CronJob | undefined = cron.list().find((j) => j.id === id);
  if (!job) return toolError(`No job with id "${id}"`);
  const refusal = await gateRefusal(
    gate,
    `remove scheduled job "${headline(job.prompt)}" (${job.schedule})`,
    call,
    {
      subjectKind: CRON_SUBJECT_KIND,
      detail: `Removes job ${job.id} (${job.schedule}), which runs:\n\n${job.prompt}`,
      extraKeys: [CRON_CHANGE],
    },
  );
  if (refusal) return refusal;
  return cron.remove(id) ? { removed: id } : toolError(`No job with id "${id}"`);
}
