/**
 * Grants the gate holds between answers: "for this session" and "for 1 hour". Kept behind an
 * interface so the app stores them in the sessions database, where a revoke from Settings or
 * from `caduceus approvals revoke` reaches the very next command.
 */
export interface GrantRecord {
  /** Stable and readable: `session:<sessionId>:<ruleKey>` or `hour:<ruleKey>`. */
  key: string;
  kind: 'session' | 'hour';
  /** The rule key it allows. */
  value: string;
  /** The session it belongs to; null for a grant that reaches every session. */
  sessionId: string | null;
  expiresAt: number | null;
  createdAt: number;
}

export interface GrantStore {
  /** Adds or renews grants (same key replaces). */
  add(grants: readonly GrantRecord[]): void;
  /** Grants in force at `now`, newest first. */
  active(now: number): GrantRecord[];
  /** Removes grants whose key, or whose rule key, is `key`; returns how many. */
  revoke(key: string): number;
}

export function sessionGrantKey(sessionId: string, ruleKey: string): string {
  return `session:${sessionId}:${ruleKey}`;
}

export function hourGrantKey(ruleKey: string): string {
  return `hour:${ruleKey}`;
}

/** Whether a grant applies to a command of this session. */
export function grantApplies(grant: GrantRecord, sessionId: string, now: number): boolean {
  if (grant.expiresAt !== null && grant.expiresAt <= now) return false;
  return grant.sessionId === null || grant.sessionId === sessionId;
}

/** For the CLI's one-shot runs and for tests: grants that live as long as the process. */
export function createMemoryGrantStore(): GrantStore {
  const grants = new Map<string, GrantRecord>();
  return {
    add(list) {
      for (const g of list) {
        grants.delete(g.key);
        grants.set(g.key, g);
      }
    },
    active(now) {
      return [...grants.values()].filter((g) => g.expiresAt === null || g.expiresAt > now).reverse();
    },
    revoke(key) {
      let n = 0;
      for (const g of [...grants.values()])
        if (g.key === key || g.value === key) n += Number(grants.delete(g.key));
      return n;
    },
  };
}
