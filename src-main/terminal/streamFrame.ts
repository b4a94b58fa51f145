/**
 * What a terminal tab needs besides the raw bytes: lines that start at column 0 for output that
 * did not come through a PTY, and a header and footer around each agent command.
 */
import type { ExitInfo } from './types';

const DIM = '\x1b[2m';
const BOLD = '\x1b[1m';
const RED = '\x1b[31m';
const GREEN = '\x1b[32m';
const RESET = '\x1b[0m';
// The cursor shows while a command runs (it may read keys) and hides once it has ended.
const SHOW_CURSOR = '\x1b[?25h';
const HIDE_CURSOR = '\x1b[?25l';

/**
 * Pipe output ends lines with a bare LF, which a terminal reads as "down one row" only. A PTY's
 * line discipline turns it into CRLF; this does the same for pipes, and leaves CRLF alone.
 */
export class LineEndings {
  private lastWasCr = false;

  write(data: string): string {
    if (data.length === 0) return data;
    let out = '';
    let from = 0;
    for (let i = data.indexOf('\n'); i !== -1; i = data.indexOf('\n', i + 1)) {
      const before = i > 0 ? data[i - 1] : this.lastWasCr ? '\r' : '';
      if (before !== '\r') {
        out += `${data.slice(from, i)}\r\n`;
        from = i + 1;
      }
    }
    out += data.slice(from);
    this.lastWasCr = data.endsWith('\r');
    return out;
  }
}

/** The command line, shown like a prompt before the command's output. */
export function commandHeader(command: string): string {
  const lines = command.replace(/\r\n?/g, '\n').split('\n');
  return `${SHOW_CURSOR}${BOLD}$ ${lines.join(`\r\n${RESET}${DIM}> ${RESET}${BOLD}`)}${RESET}\r\n`;
}

/** How the command ended, on a line of its own. */
export function exitFooter(exit: ExitInfo, durationMs: number, atLineStart: boolean): string {
  const seconds = `${(durationMs / 1000).toFixed(1)}s`;
  const ok = exit.exitCode === 0;
  const what =
    exit.exitCode !== null
      ? `exit ${exit.exitCode}`
      : exit.signal
        ? `killed by ${exit.signal}`
        : `ended${exit.error ? `: ${exit.error}` : ''}`;
  const mark = ok ? `${GREEN}✓` : `${RED}✗`;
  return `${atLineStart ? '' : '\r\n'}${mark} ${what}${RESET}${DIM} · ${seconds}${RESET}\r\n${HIDE_CURSOR}`;
}
