import type { ApprovalChoice } from './ipc/schemas';

/** The answers to an approval question, in the order the page shows them; every window words them so. */
export const APPROVAL_CHOICES: readonly { choice: ApprovalChoice; label: string; short: string }[] = [
  { choice: 'once', label: 'Allow once', short: 'Once' },
  { choice: 'session', label: 'Allow for this session', short: 'This session' },
  { choice: 'hour', label: 'Allow for 1 hour', short: '1 hour' },
  { choice: 'always', label: 'Always allow', short: 'Always' },
  { choice: 'deny', label: 'Deny', short: 'Deny' },
];
