/** Shapes Playwright's AI-mode aria snapshot (YAML with [ref=eN]) for a model. */

/** An unnamed, textless `generic` node: a layout wrapper that only costs tokens. */
const WRAPPER = /^(\s*)- generic(?: \[[^\]]*\])*:?\s*$/;

/**
 * Drops anonymous wrapper nodes and lifts their children one level, so the tree keeps its shape
 * without the div soup. Refs on the remaining nodes are untouched.
 */
export function compactSnapshot(snapshot: string): string {
  const out: string[] = [];
  const dropped: number[] = [];
  for (const line of snapshot.split('\n')) {
    const indent = line.length - line.trimStart().length;
    while (dropped.length > 0 && (dropped.at(-1) ?? 0) >= indent) dropped.pop();
    if (WRAPPER.test(line)) {
      dropped.push(indent);
      continue;
    }
    const lift = Math.min(indent, dropped.length * 2);
    out.push(line.slice(lift));
  }
  return out.join('\n');
}

/** Refs as Playwright prints them: e12, or f1e3 inside an iframe. */
export const REF_PATTERN = /^(f\d+)?e\d+$/;
