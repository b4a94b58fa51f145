import type { DelegateTask } from './loopTools/delegate';

export interface PromptInput {
  cwd: string;
  /** Memory entries as saved; frozen into the prompt when the session starts. */
  memory: string;
  now?: Date;
}

function environment(input: PromptInput): string {
  const date = (input.now ?? new Date()).toISOString().slice(0, 10);
  return `Today is ${date}. The working directory is ${input.cwd} on ${process.platform}.`;
}

function memoryBlock(memory: string): string[] {
  if (!memory) return [];
  return [
    '',
    '## Memory',
    'Notes you saved in earlier sessions (change them with the memory tool):',
    '',
    memory,
  ];
}

export function systemPrompt(input: PromptInput): string {
  return [
    "You are Caduceus, an agent working on the user's computer through tools.",
    'Use tools to look things up and to act rather than guessing; when several independent look-ups are needed, ask for them in one step.',
    'Keep a todo list for multi-step work. Ask the user with clarify only when you cannot reasonably decide yourself.',
    'Dangerous shell commands wait for the user to approve them; a denied command is final, so find another way or explain.',
    'When the work is done, answer plainly and say what you changed.',
    environment(input),
    ...memoryBlock(input.memory),
  ].join('\n');
}

export function childSystemPrompt(task: DelegateTask, input: PromptInput): string {
  return [
    'You are a sub-agent of Caduceus, given one task by another agent. Work on it with the tools you have.',
    'You cannot ask the user questions. Commands that need approval still ask the user.',
    'When done, reply with a concise summary: what you did, what you found, and what is left open.',
    environment(input),
    '',
    '## Task',
    task.goal,
    ...(task.context ? ['', '## Context', task.context] : []),
  ].join('\n');
}
