import { create } from 'zustand';
import type { AllowlistEntry } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

interface AllowlistStore {
  entries: AllowlistEntry[];
  load(): Promise<void>;
  add(key: string): Promise<boolean>;
  remove(key: string): Promise<boolean>;
}

/** An approval's "Always" writes the allowlist into config.yaml. */
const allowlistQuery = defineQuery({
  key: 'allowlist',
  fetch: () => unwrap(api().allowlistList({})),
  received: (entries) => useAllowlist.setState({ entries }),
  failure: 'Could not load the allowlist',
  invalidatedBy: ['settings.changed'],
  live: true,
});

export const useAllowlist = create<AllowlistStore>((set) => ({
  entries: [],

  load: async () => void (await allowlistQuery.load()),

  async add(key) {
    try {
      set({ entries: await unwrap(api().allowlistAdd({ key })) });
      return true;
    } catch (err) {
      reportError('Could not add to the allowlist', err);
      return false;
    }
  },

  async remove(key) {
    try {
      set({ entries: await unwrap(api().allowlistRemove({ key })) });
      return true;
    } catch (err) {
      reportError('Could not remove from the allowlist', err);
      return false;
    }
  },
}));
