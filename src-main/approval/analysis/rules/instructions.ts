/**
 * Findings of the tools that change what later sessions are told or do: skills, memory and
 * scheduled jobs. Like the
 * workspace findings they are added by the tool to its gate check, never found in a command.
 */
import type { Rule } from '../verdict';

export const SKILL_CHANGE = 'skill-change';
export const MEMORY_WRITE = 'memory-write';
export const CRON_CHANGE = 'cron-change';

export const instructionRules: Rule[] = [
  {
    key: SKILL_CHANGE,
    category: 'config',
    description: 'Creates, changes or deletes a skill: instructions every later session may load',
    askEveryTime: true,
  },
  {
    key: MEMORY_WRITE,
    category: 'config',
    description: "Changes the memory every later session's prompt starts with",
    askEveryTime: true,
  },
  {
    key: CRON_CHANGE,
    category: 'config',
    description: 'Schedules or removes a prompt the agent runs later on its own, with nobody watching',
    askEveryTime: true,
  },
];
