import { create } from 'zustand';
import type { LocalServerInfo, ModelStatus } from '../../../src-shared/ipc/modelSchemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

interface ModelStore {
  status: ModelStatus | undefined;
  /** Ollama / LM Studio found on loopback when the set-up card last looked. */
  localServers: LocalServerInfo[];
  /** The set-up card is open although a model is configured (the header's "Change"). */
  setupOpen: boolean;
  load(): Promise<void>;
  detect(): Promise<void>;
  openSetup(open: boolean): void;
}

/** Which model the next turn uses, and the set-up card's state. */
export const useModel = create<ModelStore>((set) => ({
  status: undefined,
  localServers: [],
  setupOpen: false,

  async load() {
    try {
      set({ status: await unwrap(api().modelStatus({})) });
    } catch (err) {
      reportError('Could not read the model settings', err);
    }
  },

  async detect() {
    try {
      set({ localServers: await unwrap(api().modelDetect({})) });
    } catch (err) {
      reportError('Could not look for local model servers', err);
    }
  },

  openSetup: (setupOpen) => set({ setupOpen }),
}));
