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
} from './terminalTabs';
import { readStored, writeStored } from '../../state/webStorage';
import { useChat } from '../chat/chatStore';

/** A command of the agent that waits for the user's input, and its question. */
export interface InputWait {
  streamId: string;
  prompt: string;
}

interface TerminalActions {
  inputWait: InputWait | undefined;
  /** Brings the command's tab to the front; its banner shows until the command ends. */
  waitingForInput(wait: InputWait): void;
  /** The tab key the chunk belongs to; undefined to hold it for a pending shell, null to drop it. */
  route(data: TerminalData): string | undefined | null;
  shellRequested(): void;
  shellsRestored(shells: { streamId: string; taskId: string }[]): void;
  screensRestored(): void;
  shellOpened(streamId: string | undefined, taskId: string | undefined): void;
  exited(streamId: string, exitCode: number | null): void;
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
  route(data) {
    const { state, key } = routeData(get(), data, useChat.getState().sessionId);
    if (state !== get()) set(state);
    return key;
  },
  shellRequested: () => set((s) => shellRequested(s)),
  shellsRestored: (shells) => set((s) => shellsRestored(s, shells)),
  screensRestored: () => set((s) => screensRestored(s)),
  shellOpened: (streamId, taskId) => set((s) => shellOpened(s, streamId, taskId)),
  exited: (streamId, exitCode) =>
    set((s) => ({
      ...streamExited(s, streamId, exitCode),
      inputWait: s.inputWait?.streamId === streamId ? undefined : s.inputWait,
    })),
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

// The pane follows the chat from one session to another.
useChat.subscribe((chat, before) => {
  if (chat.sessionId !== before.sessionId) useTerminal.getState().follow(chat.sessionId);
});
