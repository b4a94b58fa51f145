import { create } from 'zustand';
import type { LocalServerInfo, ModelStatus } from '../../../src-shared/ipc/modelSchemas';
import { api, unwrap } from '../../api/client';
import { defineQuery } from '../../state/query';

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

/** The model is configured in config.yaml. */
const statusQuery = defineQuery({
  key: 'model.status',
  fetch: () => unwrap(api().modelStatus({})),
  received: (status) => useModel.setState({ status }),
  failure: 'Could not read the model settings',
  invalidatedBy: ['settings.changed'],
  live: true,
});

const localServersQuery = defineQuery({
  key: 'model.localServers',
  fetch: () => unwrap(api().modelDetect({})),
  received: (localServers) => useModel.setState({ localServers }),
  failure: 'Could not look for local model servers',
});

/** Which model the next turn uses, and the set-up card's state. */
export const useModel = create<ModelStore>((set) => ({
  status: undefined,
  localServers: [],
  setupOpen: false,

  load: async () => void (await statusQuery.load()),
  detect: async () => void (await localServersQuery.load()),

  openSetup: (setupOpen) => set({ setupOpen }),
}));
