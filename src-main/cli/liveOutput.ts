import { writeLine } from './args';

const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

/** Control characters other than tab shown as nothing: output must not move the cursor or clear the screen. */
function plain(line: string): string {
  // eslint-disable-next-line no-control-regex -- escape sequences and control characters are what is removed
  return line.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]|[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/**
 * A running command's output on stderr as it arrives, a whole line at a time, dimmed and
 * marked `│` under the command's card line. A line still open when the command ends is shown then.
 */
export class LiveOutput {
  private readonly open = new Map<string, { prefix: string; partial: string }>();

  constructor(private readonly stderr: NodeJS.WritableStream) {}

  write(toolCallId: string, prefix: string, chunk: string): void {
    const stream = this.open.get(toolCallId) ?? { prefix, partial: '' };
    this.open.set(toolCallId, stream);
    // A carriage return without a newline redraws a line (progress bars): the last version counts.
    const lines = (stream.partial + chunk).replace(/\r\n/g, '\n').split('\n');
    stream.partial = lines.pop() ?? '';
    for (const line of lines) this.line(stream.prefix, line);
  }

  /** Ends a call's stream; true when any of its output was shown. */
  end(toolCallId: string): boolean {
    const stream = this.open.get(toolCallId);
    if (!stream) return false;
    this.open.delete(toolCallId);
    if (stream.partial !== '') this.line(stream.prefix, stream.partial);
    return true;
  }

  private line(prefix: string, raw: string): void {
    const text = plain(raw.slice(raw.lastIndexOf('\r') + 1));
    writeLine(this.stderr, `${DIM}${prefix}│ ${text}${RESET}`);
  }
}
