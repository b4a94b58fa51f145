import { create } from 'zustand';
import type { TerminalData } from '../../src-shared/ipc/schemas';
import {
  closeTab,
  emptyTabs,
  routeData,
  shellOpened,
  shellRequested,
  streamExited,
  type TabsState,
} from './terminalTabs';

interface TerminalActions {
  /** Returns the tab key the chunk belongs to, or undefined to hold it for a pending shell. */
  route(data: TerminalData): string | undefined;
  shellRequested(): void;
  shellOpened(streamId: string | undefined, taskId: string | undefined): void;
  exited(streamId: string, exitCode: number | null): void;
  activate(key: string): void;
  close(key: string): void;
}

export const useTerminal = create<TabsState & TerminalActions>((set, get) => ({
  ...emptyTabs(),
  route(data) {
    const { state, key } = routeData(get(), data);
    if (state !== get()) set(state);
    return key;
  },
  shellRequested: () => set((s) => shellRequested(s)),
  shellOpened: (streamId, taskId) => set((s) => shellOpened(s, streamId, taskId)),
  exited: (streamId, exitCode) => set((s) => streamExited(s, streamId, exitCode)),
  activate: (key) => set({ activeKey: key }),
  close: (key) => set((s) => closeTab(s, key)),
}));
