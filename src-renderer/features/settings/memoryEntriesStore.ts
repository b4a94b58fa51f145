import { create } from 'zustand';
import type { MemoryEntry } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

interface MemoryEntriesStore {
  entries: MemoryEntry[];
  load(): Promise<void>;
  remove(text: string): Promise<boolean>;
}

/** The persistent memory every new session starts with, as Settings lists it. */
export const useMemoryEntries = create<MemoryEntriesStore>((set) => ({
  entries: [],

  async load() {
    try {
      set({ entries: await unwrap(api().memoryList({})) });
    } catch (err) {
      reportError('Could not load the memory', err);
    }
  },

  async remove(text) {
    try {
      set({ entries: await unwrap(api().memoryRemove({ text })) });
      return true;
    } catch (err) {
      reportError('Could not remove the memory entry', err);
      return false;
    }
  },
}));
