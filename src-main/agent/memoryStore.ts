import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MemoryArgs } from '../tools/agentLoopArgs';

/** Entries are separated by a line holding only this sign, so entries may span lines. */
const DELIMITER = '\n§\n';

export type MemoryResult = { ok: true; entries: string[]; usage: string } | { ok: false; error: string };

export type MemoryAction = MemoryArgs['action'];

/** A change and the entries it leaves; `before` is the entry replaced or removed, `after` the one written. */
export type MemoryPlan =
  | {
      ok: true;
      action: MemoryAction;
      entries: string[];
      before?: string;
      after?: string;
      /** Adding an entry that is already there changes nothing. */
      unchanged?: boolean;
    }
  | { ok: false; error: string };

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
    return this.apply(this.plan('add', content, ''));
  }

  replace(oldText: string, content: string): MemoryResult {
    return this.apply(this.plan('replace', content, oldText));
  }

  remove(oldText: string): MemoryResult {
    return this.apply(this.plan('remove', '', oldText));
  }

  /** Removes the entry that is exactly `text` (a person's choice in Settings, not the model's). */
  removeEntry(text: string): MemoryResult {
    const entries = this.entries();
    const entry = text.trim();
    if (!entries.includes(entry)) return { ok: false, error: 'no such memory entry' };
    return this.save(entries.filter((e) => e !== entry));
  }

  /** What a change would do, read from the file now and written nowhere: for a person to judge. */
  plan(action: MemoryAction, content: string, oldText: string): MemoryPlan {
    const entries = this.entries();
    if (action === 'add') {
      const entry = content.trim();
      if (!entry) return { ok: false, error: 'content is empty' };
      if (entries.includes(entry)) return { ok: true, action, entries, unchanged: true, after: entry };
      return { ok: true, action, entries: [...entries, entry], after: entry };
    }
    const entry = content.trim();
    if (action === 'replace' && !entry)
      return { ok: false, error: 'content is empty; use remove to delete an entry' };
    if (!oldText.trim()) return { ok: false, error: 'old_text is empty' };
    const matches = entries.flatMap((e, i) => (e.includes(oldText) ? [i] : []));
    if (matches.length === 0) return { ok: false, error: `no entry contains "${oldText}"` };
    if (matches.length > 1) {
      return {
        ok: false,
        error: `${matches.length} entries contain "${oldText}"; quote more of the one to change`,
      };
    }
    const index = matches[0] as number;
    const before = entries[index] as string;
    return action === 'replace'
      ? { ok: true, action, entries: entries.with(index, entry), before, after: entry }
      : { ok: true, action, entries: entries.filter((_, j) => j !== index), before };
  }

  private apply(plan: MemoryPlan): MemoryResult {
    if (!plan.ok) return plan;
    return plan.unchanged ? this.result(plan.entries) : this.save(plan.entries);
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
