import type { AllowlistStore } from './gateTypes';

/** An allowlist kept in memory (tests, sessions without a config file). */
export function createMemoryAllowlistStore(
  initial: readonly string[] = [],
): AllowlistStore & { keys(): string[] } {
  const keys = new Set(initial);
  return {
    list: () => Promise.resolve([...keys]),
    add: (more) => {
      for (const k of more) keys.add(k);
      return Promise.resolve();
    },
    keys: () => [...keys],
  };
}
