import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Entries are separated by a line holding only this sign, so entries may span lines. */
const DELIMITER = '\n§\n';

export type MemoryResult = { ok: true; entries: string[]; usage: string } | { ok: false; error: string };

/**
 * Persistent notes across sessions, one Markdown file under $CADUCEUS_HOME. Every change
 * re-reads the file first (the app and the CLI may share it) and writes atomically.
 */
export class MemoryStore {
  constructor(
    readonly path: string,
    readonly charLimit: number,
  ) {}

  static inHome(home: string, charLimit: number): MemoryStore {
    return new MemoryStore(join(home, 'memories', 'MEMORY.md'), charLimit);
  }

  entries(): string[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return [];
    }
    return text
      .split(DELIMITER)
      .map((e) => e.trim())
      .filter(Boolean);
  }

  /** The block injected into a new session's system prompt, or '' when there is nothing. */
  snapshot(): string {
    return this.entries().join(DELIMITER);
  }

  add(content: string): MemoryResult {
    const entry = content.trim();
    if (!entry) return { ok: false, error: 'content is empty' };
    const entries = this.entries();
    if (entries.includes(entry)) return this.result(entries);
    return this.save([...entries, entry]);
  }

  replace(oldText: string, content: string): MemoryResult {
    const entry = content.trim();
    if (!entry) return { ok: false, error: 'content is empty; use remove to delete an entry' };
    return this.change(oldText, (entries, i) => entries.with(i, entry));
  }

  remove(oldText: string): MemoryResult {
    return this.change(oldText, (entries, i) => entries.filter((_, j) => j !== i));
  }

  private change(oldText: string, edit: (entries: string[], index: number) => string[]): MemoryResult {
    if (!oldText.trim()) return { ok: false, error: 'old_text is empty' };
    const entries = this.entries();
    const matches = entries.flatMap((e, i) => (e.includes(oldText) ? [i] : []));
    if (matches.length === 0) return { ok: false, error: `no entry contains "${oldText}"` };
    if (matches.length > 1) {
      return {
        ok: false,
        error: `${matches.length} entries contain "${oldText}"; quote more of the one to change`,
      };
    }
    return this.save(edit(entries, matches[0] as number));
  }

  private save(entries: string[]): MemoryResult {
    const size = entries.join(DELIMITER).length;
    if (size > this.charLimit) {
      return {
        ok: false,
        error: `memory would hold ${size} of at most ${this.charLimit} characters; replace or remove entries first`,
      };
    }
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, entries.length ? `${entries.join(DELIMITER)}\n` : '');
    renameSync(tmp, this.path);
    return this.result(entries);
  }

  private result(entries: string[]): MemoryResult {
    return { ok: true, entries, usage: `${entries.join(DELIMITER).length}/${this.charLimit} characters` };
  }
}
