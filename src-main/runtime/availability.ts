import type { CheckFn, Logger, ToolEntry } from './types';

export interface Availability {
  available: boolean;
  reason?: string;
}

const AVAILABLE: Availability = { available: true };

function interpret(result: boolean | string): Availability {
  if (result === true) return AVAILABLE;
  return { available: false, reason: typeof result === 'string' ? result : 'check failed' };
}

/**
 * Runs the checks of a set of tools, each distinct checkFn once, so that tools sharing a check
 * (every browser tool, say) cost one call per definitions list. A throwing check means
 * unavailable.
 */
export async function evaluateChecks(
  entries: Iterable<ToolEntry>,
  logger: Logger,
): Promise<Map<CheckFn, Availability>> {
  const results = new Map<CheckFn, Availability>();
  const pending: Promise<void>[] = [];
  for (const entry of entries) {
    const check = entry.checkFn;
    if (!check || results.has(check)) continue;
    results.set(check, AVAILABLE);
    try {
      const value = check();
      if (value instanceof Promise) {
        pending.push(
          value.then(
            (v) => void results.set(check, interpret(v)),
            (err: unknown) => void results.set(check, failed(entry, err, logger)),
          ),
        );
      } else {
        results.set(check, interpret(value));
      }
    } catch (err) {
      results.set(check, failed(entry, err, logger));
    }
  }
  if (pending.length > 0) await Promise.all(pending);
  return results;
}

function failed(entry: ToolEntry, err: unknown, logger: Logger): Availability {
  const message = err instanceof Error ? err.message : String(err);
  logger.warn(`Availability check of "${entry.name}" threw; treating it as unavailable: ${message}`);
  return { available: false, reason: `check threw: ${message}` };
}

export function availabilityOf(entry: ToolEntry, results: Map<CheckFn, Availability>): Availability {
  return entry.checkFn ? (results.get(entry.checkFn) ?? AVAILABLE) : AVAILABLE;
}

/** Environment variables a tool lists in requiresEnv that are not set. */
export function missingEnv(entry: ToolEntry, env: NodeJS.ProcessEnv = process.env): string[] {
  return entry.requiresEnv.filter((name) => !env[name]);
}
