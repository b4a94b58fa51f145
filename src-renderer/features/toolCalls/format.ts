import type { IconName } from '../../ui/Icon';

const STATUS_LABELS = {
  running: 'Running',
  ok: 'Done',
  error: 'Error',
  blocked: 'Blocked',
  denied: 'Denied',
  stopped: 'Stopped',
} as const;

export function statusLabel(status: keyof typeof STATUS_LABELS): string {
  return STATUS_LABELS[status];
}

/** The line icon beside each finished state's label (running shows a spinner instead). */
export const STATUS_ICONS: Record<keyof typeof STATUS_LABELS, IconName | undefined> = {
  running: undefined,
  ok: 'check',
  error: 'cross',
  blocked: 'ban',
  denied: 'hand',
  stopped: 'stop',
};
