import { create } from 'zustand';
import type { MemoryEntry } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

interface MemoryEntriesStore {
  entries: MemoryEntry[];
  load(): Promise<void>;
  remove(text: string): Promise<boolean>;
}

/** Kept while Settings shows it: a turn that ends or an answered question may have written memory. */
export const memoryQuery = defineQuery({
  key: 'memory',
  fetch: () => unwrap(api().memoryList({})),
  received: (entries) => useMemoryEntries.setState({ entries }),
  failure: 'Could not load the memory',
  invalidatedBy: ['approval.resolved', { event: 'chat.event', when: (e) => e.type === 'turn.finished' }],
});

/** The persistent memory every new session starts with, as Settings lists it. */
export const useMemoryEntries = create<MemoryEntriesStore>((set) => ({
  entries: [],

  load: async () => void (await memoryQuery.load()),

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
