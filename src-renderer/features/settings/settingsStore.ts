import { create } from 'zustand';
import type { RequestInput } from '../../../src-shared/ipc/contract';
import type { Settings } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

export type SettingsChange = RequestInput<'settings.update'>;

interface SettingsStore {
  settings: Settings | undefined;
  appVersion: string | undefined;
  load(): Promise<void>;
  /** Applies a change at once; resolves false (and reports) when main refuses it. */
  update(change: SettingsChange): Promise<boolean>;
  received(settings: Settings): void;
}

export const useSettings = create<SettingsStore>((set) => ({
  settings: undefined,
  appVersion: undefined,

  async load() {
    try {
      const [settings, info] = await Promise.all([unwrap(api().settingsGet({})), unwrap(api().appInfo({}))]);
      set({ settings, appVersion: info.version });
    } catch (err) {
      reportError('Could not load settings', err);
    }
  },

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
