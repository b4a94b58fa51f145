/**
 * A foreground command that blocks on input (a `[y/N]` question, `read`, a password prompt)
 * would otherwise sit until its timeout. It is recognised by a quiet spell after a last line
 * that reads like a question.
 */
import type { ProcessHandle } from './types';

/** How long output must be quiet before the last line is read as a prompt. */
export const INPUT_WAIT_IDLE_MS = 1_500;

// eslint-disable-next-line no-control-regex -- terminal escape sequences are what it matches
const ANSI = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;

/**
 * The line the cursor is on, without colours and trailing blanks. A prompt leaves the cursor on
 * its own line; a log line ends with a newline, so "Installing:" then quiet work is no prompt.
 */
export function lastLine(output: string): string {
  const text = output.replace(ANSI, '');
  const line = text.slice(text.lastIndexOf('\n') + 1);
  // A carriage return redraws the line: what follows the last one is what shows.
  return line.slice(line.lastIndexOf('\r') + 1).trimEnd();
}

/** `[y/N]`, `(yes/no)`, a password or passphrase, or a line ending in `?` or `:`. */
export function looksLikePrompt(line: string): boolean {
  const text = line.trimEnd();
  if (text === '') return false;
  return (
    /\[[yY]\/[nN]\]|\([yY]\/[nN]\)|\byes\/no\b/.test(text) ||
    /\b(password|passphrase|passcode)\b[^:]*:?$/i.test(text) ||
    /[?:]$/.test(text)
  );
}

/**
 * Calls `onWait` with the prompt once output has been quiet for `idleMs` after a prompt-like
 * line. Returns the way to stop watching.
 */
export function watchForInputWait(
  handle: ProcessHandle,
  onWait: (prompt: string) => void,
  idleMs = INPUT_WAIT_IDLE_MS,
): () => void {
  // Output arrives in thousands of chunks a second: each one only notes its time and keeps its
  // text, and a single timer reads the tail once the quiet spell is over.
  const tail = new RecentText(TAIL_CHARS);
  let lastAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    const quietFor = performance.now() - lastAt;
    if (quietFor < idleMs) {
      timer = setTimeout(check, idleMs - quietFor);
      return;
    }
    timer = undefined;
    const line = lastLine(tail.text());
    if (looksLikePrompt(line)) onWait(line);
  };
  const unsubscribe = handle.onData((data) => {
    tail.push(data);
    lastAt = performance.now();
    timer ??= setTimeout(check, idleMs);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

const TAIL_CHARS = 2_000;

/** The last `keep` characters or more of what was pushed, joined only when read. */
class RecentText {
  private pieces: string[] = [];
  private held = 0;

  constructor(private readonly keep: number) {}

  push(piece: string): void {
    this.pieces.push(piece);
    this.held += piece.length;
    while (this.pieces.length > 1 && this.held - (this.pieces[0]?.length ?? 0) >= this.keep)
      this.held -= this.pieces.shift()?.length ?? 0;
  }

  text(): string {
    return this.pieces.join('').slice(-this.keep);
  }
}
