import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const KEPT = 1000;

/**
 * The prompts typed at `caduceus chat`, newest first, kept in `$CADUCEUS_HOME/chat_history`
 * (0600, oldest line first) so the up arrow reaches them in the next session too. History is a
 * convenience: a file that cannot be read or written leaves it to this process.
 */
export class ChatHistory {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    /** Newest first, as node:readline keeps it. */
    readonly lines: string[],
  ) {}

  static async load(home: string): Promise<ChatHistory> {
    const file = join(home, 'chat_history');
    const text = await readFile(file, 'utf8').catch(() => '');
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    return new ChatHistory(file, lines.slice(-KEPT).reverse());
  }

  add(line: string): void {
    if (line.trim() === '' || this.lines[0] === line) return;
    this.lines.unshift(line);
    this.lines.length = Math.min(this.lines.length, KEPT);
    const text = `${[...this.lines].reverse().join('\n')}\n`;
    this.writing = this.writing.then(() =>
      writeFile(this.file, text, { mode: 0o600 }).catch(() => undefined),
    );
  }

  /** Resolves once every line added so far is on disk (or failed to be). */
  flushed(): Promise<void> {
    return this.writing;
  }
}
