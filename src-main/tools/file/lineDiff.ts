/**
 * A unified diff of two texts, for a person to read before saying yes to a change (the patch
 * tool's `applyUnifiedDiff` reads the same format). Lines are compared whole.
 */

const CONTEXT = 3;
/** Above this many changed lines on each side the middle is shown as removed and added whole. */
const MAX_LCS_LINES = 2_000;

type Line = { op: ' ' | '-' | '+'; text: string };

export function unifiedDiffOf(before: string, after: string, path: string): string {
  if (before === after) return '';
  const lines = diffLines(split(before), split(after));
  const body = hunks(lines).join('\n');
  return `--- a/${path}\n+++ b/${path}\n${body}\n`;
}

function split(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The common head and tail stay; the middle goes through a longest common subsequence. */
function diffLines(a: string[], b: string[]): Line[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const same = (text: string): Line => ({ op: ' ', text });
  const middle = middleLines(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...a.slice(0, head).map(same), ...middle, ...a.slice(a.length - tail).map(same)];
}

function middleLines(a: string[], b: string[]): Line[] {
  const removed = a.map((text): Line => ({ op: '-', text }));
  const added = b.map((text): Line => ({ op: '+', text }));
  if (a.length === 0 || b.length === 0 || a.length > MAX_LCS_LINES || b.length > MAX_LCS_LINES)
    return [...removed, ...added];
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const out: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', text: a[i]! });
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) out.push({ op: '-', text: a[i++]! });
    else out.push({ op: '+', text: b[j++]! });
  }
  return [...out, ...removed.slice(i), ...added.slice(j)];
}

/** Groups changes with up to three lines of context into `@@` hunks. */
function hunks(lines: Line[]): string[] {
  const out: string[] = [];
  let k = 0;
  let oldLine = 1;
  let newLine = 1;
  while (k < lines.length) {
    const next = lines.findIndex((l, n) => n >= k && l.op !== ' ');
    if (next === -1) break;
    const start = Math.max(k, next - CONTEXT);
    oldLine += start - k;
    newLine += start - k;
    let end = next;
    // A hunk runs on while the next change is within two contexts of the last.
    for (let n = next; n < lines.length && n - end <= CONTEXT * 2; n++) if (lines[n]!.op !== ' ') end = n;
    const stop = Math.min(lines.length, end + CONTEXT + 1);
    const chunk = lines.slice(start, stop);
    const oldCount = chunk.filter((l) => l.op !== '+').length;
    const newCount = chunk.filter((l) => l.op !== '-').length;
    out.push(`@@ -${oldLine},${oldCount} +${newLine},${newCount} @@`, ...chunk.map((l) => l.op + l.text));
    oldLine += oldCount;
    newLine += newCount;
    k = stop;
  }
  return out;
}
