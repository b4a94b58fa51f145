/**
 * Lines added and removed between two versions of a file, as `git diff --numstat` counts them
 * (no rename detection), without starting git: a checkpoint's counts are part of taking it.
 */

/** Git's test: a NUL in the first 8000 bytes makes a file binary. */
const isBinary = (b: Buffer) => b.subarray(0, 8000).includes(0);

/** Lines with their ending: a last line without one differs from the same text with one. */
function lines(b: Buffer): string[] {
  if (b.length === 0) return [];
  const all = b.toString('latin1').split('\n');
  const last = all.pop() ?? '';
  const out = all.map((line) => `${line}\n`);
  if (last !== '') out.push(last);
  return out;
}

/** Edit distance (insertions plus deletions) by Myers' algorithm, or undefined past `limit`. */
function editDistance(a: number[], b: number[], limit: number): number | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, limit);
  const v = new Int32Array(2 * max + 2);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[max + k - 1] ?? 0) < (v[max + k + 1] ?? 0));
      let x = down ? (v[max + k + 1] ?? 0) : (v[max + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) return d;
    }
  }
  return undefined;
}

export interface LineCounts {
  insertions: number;
  deletions: number;
  binary: boolean;
}

export function lineCounts(before: Buffer | undefined, after: Buffer | undefined): LineCounts {
  const a = before ?? Buffer.alloc(0);
  const b = after ?? Buffer.alloc(0);
  if (isBinary(a) || isBinary(b)) return { insertions: 0, deletions: 0, binary: true };
  const la = lines(a);
  const lb = lines(b);
  let start = 0;
  while (start < la.length && start < lb.length && la[start] === lb[start]) start++;
  let endA = la.length;
  let endB = lb.length;
  while (endA > start && endB > start && la[endA - 1] === lb[endB - 1]) {
    endA--;
    endB--;
  }
  const ids = new Map<string, number>();
  const id = (line: string) => {
    let found = ids.get(line);
    if (found === undefined) ids.set(line, (found = ids.size));
    return found;
  };
  const xa = la.slice(start, endA).map(id);
  const xb = lb.slice(start, endB).map(id);
  const d = editDistance(xa, xb, 4_000);
  if (d === undefined) return { insertions: xb.length, deletions: xa.length, binary: false };
  const common = (xa.length + xb.length - d) / 2;
  return { insertions: xb.length - common, deletions: xa.length - common, binary: false };
}
