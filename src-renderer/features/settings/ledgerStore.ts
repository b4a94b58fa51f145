import { create } from 'zustand';
import type { Grant, LedgerEntry, LedgerQuery } from '../../../src-shared/approvalsLedger';
import { api, unwrap } from '../../api/client';
import { useAllowlist } from './allowlistStore';
import { reportError } from '../../state/noticesStore';

interface LedgerStore {
  entries: LedgerEntry[];
  grants: Grant[];
  query: LedgerQuery;
  setQuery(change: Partial<LedgerQuery>): void;
  load(): Promise<void>;
  revoke(key: string): Promise<void>;
}

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

  async load() {
    const query = get().query;
    try {
      const [entries, grants] = await Promise.all([
        unwrap(api().approvalsLedger(query)),
        unwrap(api().approvalsGrants({})),
      ]);
      // A slower answer to an older filter must not overwrite a newer one.
      if (get().query === query) set({ entries, grants });
    } catch (err) {
      reportError('Could not load the approvals log', err);
    }
  },

  async revoke(key) {
    try {
      await unwrap(api().approvalsRevoke({ key }));
      set({ grants: get().grants.filter((g) => g.key !== key) });
      await Promise.all([get().load(), useAllowlist.getState().load()]);
    } catch (err) {
      reportError('Could not revoke the grant', err);
    }
  },
}));
