import type { ApprovalChoice } from '../../../src-shared/ipc/schemas';

/** The answers, in the order the dialog and the card show them. */
export const APPROVAL_CHOICES: { choice: ApprovalChoice; label: string; short: string }[] = [
  { choice: 'once', label: 'Allow once', short: 'Once' },
  { choice: 'session', label: 'Allow for this session', short: 'This session' },
  { choice: 'hour', label: 'Allow for 1 hour', short: '1 hour' },
  { choice: 'always', label: 'Always allow', short: 'Always' },
  { choice: 'deny', label: 'Deny', short: 'Deny' },
];
