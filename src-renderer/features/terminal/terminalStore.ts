import { create } from 'zustand';
import type { TerminalData } from '../../../src-shared/ipc/schemas';
import {
  closeTab,
  emptyTabs,
  followSession,
  routeData,
  screensRestored,
  shellOpened,
  shellRequested,
  shellsRestored,
  streamExited,
  taskClosed,
  type TabsState,
  type TerminalTab,
} from './terminalTabs';
import { readStored, writeStored } from '../../state/webStorage';

/** A command of the agent that waits for the user's input, and its question. */
export interface InputWait {
  streamId: string;
  prompt: string;
}

interface TerminalActions {
  inputWait: InputWait | undefined;
  /** Brings the command's tab to the front; its banner shows until the command ends. */
  waitingForInput(wait: InputWait): void;
  /**
   * The tab key the chunk belongs to (undefined to hold it for a pending shell, null to drop
   * it), and whether it starts a new command in a task's tab that was already there.
   */
  route(data: TerminalData, inView: string | undefined): { key: string | undefined | null; joined: boolean };
  shellRequested(): void;
  shellsRestored(shells: { streamId: string; taskId: string }[]): void;
  screensRestored(): void;
  shellOpened(streamId: string | undefined, taskId: string | undefined): void;
  /** The stream ended; returns the tab it was in. */
  exited(streamId: string, exitCode: number | null): TerminalTab | undefined;
  activate(key: string): void;
  /** The chat shows this session now: its tab comes forward. */
  follow(sessionId: string | undefined): void;
  close(key: string): void;
  /** The task's session was deleted: its agent tab goes, and its output no longer makes one. */
  taskClosed(taskId: string): void;
}

/** Which tab was in front, per browser tab (sessionStorage), so a reload shows the same one. */
const FRONT_KEY = 'caduceus.terminal.front';

export const useTerminal = create<TabsState & TerminalActions>((set, get) => ({
  ...emptyTabs(readStored(() => sessionStorage, FRONT_KEY)),
  inputWait: undefined,
  waitingForInput(wait) {
    const tab = get().tabs.find((t) => t.streamIds.includes(wait.streamId));
    set({ inputWait: wait, ...(tab ? { activeKey: tab.key } : {}) });
  },
  route(data, inView) {
    const before = get();
    const taskTab = before.tabs.find((t) => t.key === `task:${data.taskId}`);
    const { state, key } = routeData(before, data, inView);
    if (state !== before) set(state);
    const joined =
      data.toolCallId !== undefined &&
      taskTab !== undefined &&
      !taskTab.liveStreamIds.includes(data.streamId);
    return { key, joined };
  },
  shellRequested: () => set((s) => shellRequested(s)),
  shellsRestored: (shells) => set((s) => shellsRestored(s, shells)),
  screensRestored: () => set((s) => screensRestored(s)),
  shellOpened: (streamId, taskId) => set((s) => shellOpened(s, streamId, taskId)),
  exited(streamId, exitCode) {
    set((s) => ({
      ...streamExited(s, streamId, exitCode),
      inputWait: s.inputWait?.streamId === streamId ? undefined : s.inputWait,
    }));
    return get().tabs.find((t) => t.streamIds.includes(streamId));
  },
  activate: (key) => set({ activeKey: key }),
  follow: (sessionId) => set((s) => followSession(s, sessionId)),
  close: (key) => set((s) => closeTab(s, key)),
  taskClosed: (taskId) => set((s) => taskClosed(s, taskId)),
}));

useTerminal.subscribe((state, before) => {
  // Not while restoring: the front then is only on its way back to the remembered tab.
  if (!state.restoring && state.activeKey !== before.activeKey)
    writeStored(() => sessionStorage, FRONT_KEY, state.activeKey);
});
