import type { BaseWindow, Dialog, MessageBoxOptions } from 'electron';
import { APPROVAL_CHOICES } from '../../src-shared/approvalChoices';
import type { ApprovalChoice, ApprovalRequest } from '../../src-shared/ipc/schemas';

/**
 * Button order of the native dialog: the page's answers with Deny first, since index 0 is both
 * the default and the cancel id.
 */
const DENY_FIRST = [
  ...APPROVAL_CHOICES.filter((c) => c.choice === 'deny'),
  ...APPROVAL_CHOICES.filter((c) => c.choice !== 'deny'),
];

export const APPROVAL_BUTTONS: readonly { label: string; choice: ApprovalChoice }[] = DENY_FIRST.map(
  ({ label, choice }) => ({ label, choice }),
);

/** A message box is no place for a whole file: past this, the rest is named, not shown. */
const MAX_DETAIL_CHARS = 6_000;

function shownDetail(detail: string): string[] {
  if (detail.length <= MAX_DETAIL_CHARS) return [detail];
  const rest = detail.length - MAX_DETAIL_CHARS;
  return [
    detail.slice(0, MAX_DETAIL_CHARS),
    `… and ${rest} more characters not shown here: deny unless you know them.`,
  ];
}

export function approvalDialogOptions(request: ApprovalRequest, signal?: AbortSignal): MessageBoxOptions {
  const triggered = request.segments
    .filter((s) => s.keys.length > 0)
    .map((s) => `  ${s.text}  →  ${s.keys.join(', ')}`)
    .join('\n');
  const words = request.subjectKind && request.subjectKind !== 'command';
  const write = request.writesTo !== undefined;
  const detail = [
    write ? 'Write to:' : words ? 'Change:' : 'Command:',
    request.writesTo ?? request.command,
    ...(request.detail !== undefined ? ['', ...shownDetail(request.detail)] : []),
    '',
    'Why it needs your approval:',
    ...request.reasons.map((r) => `  • ${r}`),
    ...(triggered ? ['', 'Triggered by:', triggered] : []),
    '',
    `"Always allow" would add to the permanent allowlist: ${request.alwaysKeys.join(', ') || '(nothing)'}`,
  ].join('\n');
  return {
    type: 'warning',
    title: write ? 'Approve write?' : words ? 'Approve change?' : 'Approve command?',
    message: write
      ? 'The agent wants to write a file; this needs your approval. The diff below is what it would change.'
      : words
        ? 'The agent wants to change what later sessions are told; this needs your approval.'
        : 'The agent wants to run a command that needs your approval.',
    detail,
    buttons: APPROVAL_BUTTONS.map((b) => b.label),
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    normalizeAccessKeys: false,
    ...(signal ? { signal } : {}),
  };
}

/** Maps a dialog response to a choice; anything unexpected is a denial. */
export function choiceForResponse(response: number): ApprovalChoice {
  return APPROVAL_BUTTONS[response]?.choice ?? 'deny';
}

/** Shows the native dialog for one request. Escape, closing and an aborted signal mean Deny. */
export async function askWithNativeDialog(
  dialog: Pick<Dialog, 'showMessageBox'>,
  window: BaseWindow | undefined,
  request: ApprovalRequest,
  signal?: AbortSignal,
): Promise<ApprovalChoice> {
  if (signal?.aborted) return 'deny';
  const options = approvalDialogOptions(request, signal);
  const result = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  if (signal?.aborted) return 'deny';
  return choiceForResponse(result.response);
}

/** Buttons of the batch dialog: each answers every command of the batch; Deny all is default and cancel. */
export const BATCH_BUTTONS: readonly { label: string; choice: ApprovalChoice }[] = DENY_FIRST.map(
  ({ all, choice }) => ({ label: all, choice }),
);

export function batchDialogOptions(requests: ApprovalRequest[], signal?: AbortSignal): MessageBoxOptions {
  const detail = requests
    .map((r, i) => [`${i + 1}. ${r.command}`, ...r.reasons.map((reason) => `     • ${reason}`)].join('\n'))
    .join('\n\n');
  return {
    type: 'warning',
    title: 'Approve commands?',
    message: `The agent wants to run ${requests.length} commands that need your approval.`,
    detail,
    buttons: BATCH_BUTTONS.map((b) => b.label),
    defaultId: 0,
    cancelId: 0,
    noLink: true,
    normalizeAccessKeys: false,
    ...(signal ? { signal } : {}),
  };
}

/** One native dialog for a whole batch (not a queue of N); its choice answers each command. */
export async function askBatchWithNativeDialog(
  dialog: Pick<Dialog, 'showMessageBox'>,
  window: BaseWindow | undefined,
  requests: ApprovalRequest[],
  signal?: AbortSignal,
): Promise<ApprovalChoice[]> {
  const denyAll = requests.map((): ApprovalChoice => 'deny');
  if (signal?.aborted) return denyAll;
  const options = batchDialogOptions(requests, signal);
  const result = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  if (signal?.aborted) return denyAll;
  const choice = BATCH_BUTTONS[result.response]?.choice ?? 'deny';
  return requests.map(() => choice);
}
