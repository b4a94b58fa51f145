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
