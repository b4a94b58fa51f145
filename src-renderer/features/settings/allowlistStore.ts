import { create } from 'zustand';
import type { AllowlistEntry } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

interface AllowlistStore {
  entries: AllowlistEntry[];
  load(): Promise<void>;
  add(key: string): Promise<boolean>;
  remove(key: string): Promise<boolean>;
}

export const useAllowlist = create<AllowlistStore>((set) => ({
  entries: [],

  async load() {
    try {
      set({ entries: await unwrap(api().allowlistList({})) });
    } catch (err) {
      reportError('Could not load the allowlist', err);
    }
  },

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
