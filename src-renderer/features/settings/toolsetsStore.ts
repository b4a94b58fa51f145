import { create } from 'zustand';
import type { ToolsetInfo } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

interface ToolsetsStore {
  toolsets: ToolsetInfo[];
  /** Toolsets whose change is on its way to main. */
  busy: Record<string, boolean>;
  load(): Promise<void>;
  setEnabled(name: string, enabled: boolean): Promise<void>;
}

export const useToolsets = create<ToolsetsStore>((set, get) => ({
  toolsets: [],
  busy: {},

  async load() {
    try {
      set({ toolsets: await unwrap(api().toolsetsList({})) });
    } catch (err) {
      reportError('Could not load toolsets', err);
    }
  },

  async setEnabled(name, enabled) {
    set((s) => ({
      busy: { ...s.busy, [name]: true },
      toolsets: s.toolsets.map((t) => (t.name === name ? { ...t, enabled } : t)),
    }));
    try {
      await unwrap(api().toolsetsSetEnabled({ name, enabled }));
    } catch (err) {
      reportError(`Could not ${enabled ? 'enable' : 'disable'} ${name}`, err);
    }
    // Enabling one toolset can change others (composites), so the list is reread either way.
    await get().load();
    set((s) => ({ busy: { ...s.busy, [name]: false } }));
  },
}));
