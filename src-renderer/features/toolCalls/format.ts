/** Shows JSON indented when it parses, and any other text as it is. */
export function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

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
