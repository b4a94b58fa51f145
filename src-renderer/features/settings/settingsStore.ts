import { create } from 'zustand';
import type { RequestInput } from '../../../src-shared/ipc/contract';
import type { Settings } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

export type SettingsChange = RequestInput<'settings.update'>;

interface SettingsStore {
  settings: Settings | undefined;
  appVersion: string | undefined;
  load(): Promise<void>;
  /** Applies a change at once; resolves false (and reports) when main refuses it. */
  update(change: SettingsChange): Promise<boolean>;
  received(settings: Settings): void;
}

/** settings.changed carries the whole view: it replaces the data rather than reloading it. */
const settingsQuery = defineQuery({
  key: 'settings',
  fetch: () => Promise.all([unwrap(api().settingsGet({})), unwrap(api().appInfo({}))]),
  received: ([settings, info]) => useSettings.setState({ settings, appVersion: info.version }),
  failure: 'Could not load settings',
  updatedBy: { 'settings.changed': (settings) => useSettings.getState().received(settings) },
  live: true,
});

export const useSettings = create<SettingsStore>((set) => ({
  settings: undefined,
  appVersion: undefined,

  load: async () => void (await settingsQuery.load()),

  async update(change) {
    try {
      set({ settings: await unwrap(api().settingsUpdate(change)) });
      return true;
    } catch (err) {
      reportError('Could not save the setting', err);
      return false;
    }
  },

  received: (settings) => set({ settings }),
}));
