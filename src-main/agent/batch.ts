import { isAbsolute, relative, resolve } from 'node:path';
import type { ToolCall } from '../../src-shared/sessions';
import type { ToolEntry } from '../runtime/types';
import { parseArgs } from '../runtime/validate';

/** At most this many tool calls of one batch run at once. */
export const MAX_PARALLEL_TOOLS = 8;

/**
 * Whether a batch may run in parallel: more than one call, none registered `neverParallel`, every
 * argument set an object, and every call parallel-safe — a read-only tool, or a tool that
 * writes one path (`pathArg`) where no two calls touch the same or a nested path.
 */
export function canRunInParallel(
  calls: ToolCall[],
  lookup: (name: string) => ToolEntry | undefined,
  cwd: string,
): boolean {
  if (calls.length < 2) return false;
  const reserved: string[] = [];
  for (const call of calls) {
    const name = call.function.name;
    const entry = lookup(name);
    if (!entry || entry.neverParallel) return false;
    const parsed = parseArgs(call.function.arguments);
    if (!parsed.ok) return false;
    if (entry.pathArg) {
      const raw = parsed.args[entry.pathArg];
      if (typeof raw !== 'string' || raw === '') return false;
      const path = resolve(cwd, raw);
      if (reserved.some((other) => overlaps(path, other))) return false;
      reserved.push(path);
      continue;
    }
    if (!entry.parallelSafe) return false;
  }
  return true;
}

function overlaps(a: string, b: string): boolean {
  const inside = (child: string, parent: string) => {
    const rel = relative(parent, child);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  return inside(a, b) || inside(b, a);
}

/** Maps with at most `limit` calls in flight; results keep the input order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
