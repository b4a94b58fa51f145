/** patch's "diff" mode: applies a unified diff to one file's text, hunk by hunk, tolerating moved lines. */

interface Hunk {
  header: string;
  oldStart: number;
  /** Lines the file must have here (context and removals), and what replaces them. */
  before: string[];
  after: string[];
  /** "\ No newline at end of file" after the new side's last line. */
  noNewlineAfter: boolean;
}

export type DiffResult = { text: string; hunks: number } | { error: string };

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/;

function parse(diff: string): Hunk[] | string {
  const rows = diff.replace(/\r\n/g, '\n').split('\n');
  if (rows.at(-1) === '') rows.pop();
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  let files = 0;
  let previous = ' ';
  for (const [i, line] of rows.entries()) {
    const header = HUNK_HEADER.exec(line);
    // A "--- " line is a file header only when "+++ " follows; otherwise it removes a line starting "-- ".
    if (line.startsWith('--- ') && rows[i + 1]?.startsWith('+++ ')) {
      if (++files > 1) return 'the diff changes more than one file; send one patch call per file';
      current = undefined;
    } else if (header) {
      current = { header: line, oldStart: Number(header[1]), before: [], after: [], noNewlineAfter: false };
      hunks.push(current);
    } else if (!current) {
      continue;
    } else if (line.startsWith('\\')) {
      if (previous !== '-') current.noNewlineAfter = true;
    } else if (line.startsWith(' ') || line === '') {
      current.before.push(line.slice(1));
      current.after.push(line.slice(1));
    } else if (line.startsWith('-')) current.before.push(line.slice(1));
    else if (line.startsWith('+')) current.after.push(line.slice(1));
    else return `unexpected line in hunk ${current.header}: ${line.slice(0, 80)}`;
    previous = line[0] ?? ' ';
  }
  return hunks.length > 0 ? hunks : 'no hunks found; a unified diff has @@ -a,b +c,d @@ headers';
}

function matchesAt(lines: string[], at: number, wanted: string[]): boolean {
  if (at < 0 || at + wanted.length > lines.length) return false;
  return wanted.every((line, i) => lines[at + i] === line);
}

/** The position nearest to `hint`, not before `floor`, where `wanted` occurs, searching outwards. */
function locate(lines: string[], wanted: string[], hint: number, floor: number): number | undefined {
  const start = Math.max(floor, Math.min(hint, lines.length - wanted.length));
  for (let distance = 0; distance <= lines.length; distance++) {
    if (start - distance >= floor && matchesAt(lines, start - distance, wanted)) return start - distance;
    if (distance > 0 && matchesAt(lines, start + distance, wanted)) return start + distance;
  }
  return undefined;
}

export function applyUnifiedDiff(text: string, diff: string, path: string): DiffResult {
  const hunks = parse(diff);
  if (typeof hunks === 'string') return { error: hunks };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  let finalNewline = lines[lines.length - 1] === '';
  if (finalNewline) lines.pop();
  let shift = 0;
  let floor = 0;
  for (const [index, hunk] of hunks.entries()) {
    const hint = Math.max(floor, hunk.oldStart - 1 + shift - (hunk.before.length === 0 ? -1 : 0));
    const at =
      hunk.before.length === 0 ? Math.min(hint, lines.length) : locate(lines, hunk.before, hint, floor);
    if (at === undefined) {
      const first = hunk.before.find((line) => line.trim() !== '') ?? hunk.before[0] ?? '';
      return {
        error:
          `hunk ${index + 1} (${hunk.header}) does not match ${path}: its context and removed lines ` +
          `were not found (first line: ${JSON.stringify(first.slice(0, 120))}). Read the file again and rebuild the diff.`,
      };
    }
    lines.splice(at, hunk.before.length, ...hunk.after);
    if (at + hunk.after.length === lines.length) finalNewline = !hunk.noNewlineAfter;
    shift += hunk.after.length - hunk.before.length;
    floor = at + hunk.after.length;
  }
  return { text: lines.join(eol) + (finalNewline && lines.length > 0 ? eol : ''), hunks: hunks.length };
}
