import { create } from 'zustand';
import type { ToolsetInfo } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

interface ToolsetsStore {
  toolsets: ToolsetInfo[];
  /** Toolsets whose change is on its way to main. */
  busy: Record<string, boolean>;
  load(): Promise<void>;
  setEnabled(name: string, enabled: boolean): Promise<void>;
}

/** Toolset switches are kept in config.yaml. */
const toolsetsQuery = defineQuery({
  key: 'toolsets',
  fetch: () => unwrap(api().toolsetsList({})),
  received: (toolsets) => useToolsets.setState({ toolsets }),
  failure: 'Could not load toolsets',
  invalidatedBy: ['settings.changed'],
  live: true,
});

export const useToolsets = create<ToolsetsStore>((set, get) => ({
  toolsets: [],
  busy: {},

  load: async () => void (await toolsetsQuery.load()),

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
