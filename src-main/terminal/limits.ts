/** Limits of the `terminal` tool's foreground commands. */
import { TerminalError } from './errors';

export const DEFAULT_FOREGROUND_TIMEOUT_SECONDS = 180;
export const MAX_FOREGROUND_TIMEOUT_SECONDS = 600;

/** The foreground timeout in milliseconds; beyond the cap the caller must use a background process. */
export function foregroundTimeoutMs(timeoutSeconds: number | undefined): number {
  const seconds = timeoutSeconds ?? DEFAULT_FOREGROUND_TIMEOUT_SECONDS;
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new TerminalError('invalid_argument', 'timeout must be a positive number of seconds');
  }
  if (seconds > MAX_FOREGROUND_TIMEOUT_SECONDS) {
    throw new TerminalError(
      'invalid_argument',
      `timeout ${seconds}s exceeds the foreground limit of ${MAX_FOREGROUND_TIMEOUT_SECONDS}s; ` +
        'run long commands with background: true and check them with the process tool',
    );
  }
  return Math.round(seconds * 1000);
}

export function timeoutNote(timeoutMs: number): string {
  return (
    `[Command timed out after ${timeoutMs / 1000}s; its whole process group was killed and the ` +
    'output above is partial. Use background: true for long-running commands.]'
  );
}

export const CANCELLED_NOTE =
  '[Command cancelled; its whole process group was killed and the output above is partial.]';

/** Appends a note on its own line. */
export function withNote(output: string, note: string): string {
  if (!note) return output;
  if (!output) return note;
  return output.endsWith('\n') ? output + note : `${output}\n${note}`;
}
