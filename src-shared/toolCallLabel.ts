/** A tool call's state in words; apart from toolCalls.ts so the page's first screen loads no schemas. */
import type { ToolCallStatus } from './toolCalls';

const LABELS: Record<ToolCallStatus, string> = {
  running: 'Running',
  ok: 'Done',
  error: 'Error',
  blocked: 'Blocked',
  denied: 'Denied',
  stopped: 'Stopped',
  interrupted: 'Interrupted',
};

/** A command that ran and exited non-zero. */
export function failedExit(call: { exitCode?: number | null | undefined }): boolean {
  return call.exitCode != null && call.exitCode !== 0;
}

/** The word a card (and an export) shows for a call's state. */
export function toolCallLabel(call: {
  status: ToolCallStatus;
  exitCode?: number | null | undefined;
}): string {
  return failedExit(call) ? 'Failed' : LABELS[call.status];
}
