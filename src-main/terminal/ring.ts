/** A bounded buffer of a background process's output with absolute offsets that stay stable. */

export interface RingRead {
  text: string;
  /** Absolute offset just after `text`; pass it back to read on. */
  nextOffset: number;
  /** Characters between the requested offset and the oldest one still kept. */
  missedChars: number;
}

export interface RingLines {
  text: string;
  /** Absolute line number of the first returned line. */
  offset: number;
  lineCount: number;
  totalLines: number;
}

export class OutputRing {
  private chunks: string[] = [];
  private kept = 0;
  private droppedChars = 0;
  private droppedLines = 0;

  constructor(readonly capacityChars = 1_000_000) {}

  /** Absolute number of characters ever appended. */
  get endOffset(): number {
    return this.droppedChars + this.kept;
  }

  get startOffset(): number {
    return this.droppedChars;
  }

  append(data: string): void {
    if (data.length === 0) return;
    this.chunks.push(data);
    this.kept += data.length;
    while (this.kept > this.capacityChars) {
      const first = this.chunks[0] ?? '';
      const excess = this.kept - this.capacityChars;
      const cut = first.length <= excess ? first : first.slice(0, excess);
      if (cut === first) this.chunks.shift();
      else this.chunks[0] = first.slice(excess);
      this.kept -= cut.length;
      this.droppedChars += cut.length;
      this.droppedLines += countLines(cut);
    }
  }

  text(): string {
    if (this.chunks.length > 1) this.chunks = [this.chunks.join('')];
    return this.chunks[0] ?? '';
  }

  read(offset: number, maxChars: number): RingRead {
    const start = Math.max(offset, this.droppedChars);
    const text = this.text().slice(start - this.droppedChars, start - this.droppedChars + maxChars);
    return { text, nextOffset: start + text.length, missedChars: start - offset };
  }

  tail(chars: number): string {
    const text = this.text();
    return text.slice(Math.max(0, text.length - chars));
  }

  /** Lines by absolute line number; without `offset`, the last `limit` lines. */
  lines(offset: number | undefined, limit: number): RingLines {
    const text = this.text();
    const all = text === '' ? [] : text.split('\n');
    if (all[all.length - 1] === '') all.pop();
    const totalLines = this.droppedLines + all.length;
    const first =
      offset === undefined
        ? Math.max(this.droppedLines, totalLines - limit)
        : Math.max(offset, this.droppedLines);
    const selected = all.slice(first - this.droppedLines, first - this.droppedLines + limit);
    return { text: selected.join('\n'), offset: first, lineCount: selected.length, totalLines };
  }
}

function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
