import type { ApprovalChoice } from './ipc/schemas';

interface ApprovalChoiceWords {
  choice: ApprovalChoice;
  label: string;
  short: string;
  /** The same answer given to every question of a batch at once. */
  all: string;
}

/**
 * The answers to an approval question, in the order the page shows them; every window (the
 * page's card, dialog and batch sheet, the native dialogs) words them so.
 */
export const APPROVAL_CHOICES: readonly ApprovalChoiceWords[] = [
  { choice: 'once', label: 'Allow once', short: 'Once', all: 'Allow all once' },
  {
    choice: 'session',
    label: 'Allow for this session',
    short: 'This session',
    all: 'Allow all for this session',
  },
  { choice: 'hour', label: 'Allow for 1 hour', short: '1 hour', all: 'Allow all for 1 hour' },
  { choice: 'always', label: 'Always allow', short: 'Always', all: 'Always allow all' },
  { choice: 'deny', label: 'Deny', short: 'Deny', all: 'Deny all' },
];

/** The words of one answer. */
export function approvalChoice(choice: ApprovalChoice): ApprovalChoiceWords {
  const found = APPROVAL_CHOICES.find((c) => c.choice === choice);
  if (!found) throw new Error(`No words for the approval answer "${choice}"`);
  return found;
}
