import { create } from 'zustand';
import type { Grant, LedgerEntry, LedgerQuery } from '../../../src-shared/approvalsLedger';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery, invalidate } from '../../state/query';

interface LedgerStore {
  entries: LedgerEntry[];
  grants: Grant[];
  query: LedgerQuery;
  setQuery(change: Partial<LedgerQuery>): void;
  load(): Promise<void>;
  revoke(key: string): Promise<void>;
}

/**
 * Kept while Settings shows it: each answered prompt adds rows; others (rules, grants) arrive
 * with the next load. The newest load wins, so a slower answer to an older filter is dropped.
 */
export const ledgerQuery = defineQuery({
  key: 'approvals.ledger',
  fetch: () =>
    Promise.all([
      unwrap(api().approvalsLedger(useLedger.getState().query)),
      unwrap(api().approvalsGrants({})),
    ]),
  received: ([entries, grants]) => useLedger.setState({ entries, grants }),
  failure: 'Could not load the approvals log',
  invalidatedBy: ['approval.resolved'],
});

/** The approvals ledger and the grants in force, as Settings shows them. */
export const useLedger = create<LedgerStore>((set, get) => ({
  entries: [],
  grants: [],
  query: {},

  setQuery(change) {
    const query = { ...get().query, ...change };
    for (const k of Object.keys(query) as (keyof LedgerQuery)[]) if (query[k] === undefined) delete query[k];
    set({ query });
    void get().load();
  },

  load: async () => void (await ledgerQuery.load()),

  async revoke(key) {
    try {
      await unwrap(api().approvalsRevoke({ key }));
      set({ grants: get().grants.filter((g) => g.key !== key) });
      // A rule revoked may have been an allowlist entry.
      await invalidate('approvals.ledger', 'allowlist');
    } catch (err) {
      reportError('Could not revoke the grant', err);
    }
  },
}));
