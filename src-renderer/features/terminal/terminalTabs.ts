import type { TerminalData } from '../../../src-shared/ipc/schemas';

/** Tabs of the terminal pane: one per agent environment (taskId), one per user shell. */
export interface TerminalTab {
  key: string;
  kind: 'agent' | 'shell';
  taskId: string | undefined;
  title: string;
  /** Every stream shown in this tab; the last live one receives typing. */
  streamIds: string[];
  liveStreamIds: string[];
  exitCode?: number | null;
  exited: boolean;
}

export interface TabsState {
  tabs: TerminalTab[];
  activeKey: string | undefined;
  /** terminal.openShell requests without a reply yet. */
  pendingShells: number;
  /** The user's shells already open (after a reload) are known: until then, their output waits. */
  shellsKnown: boolean;
  shellCount: number;
  /** Tasks whose session was deleted: output of their agent streams is dropped. */
  closedTasks: string[];
  /** Screens are coming back after a (re)load: they do not push each other out of the front. */
  restoring: boolean;
  /** The tab in front before the page reloaded: it gets the front back once it is restored. */
  frontBefore: string | undefined;
}

export const emptyTabs = (frontBefore?: string): TabsState => ({
  tabs: [],
  activeKey: undefined,
  pendingShells: 0,
  shellsKnown: false,
  shellCount: 0,
  closedTasks: [],
  restoring: false,
  frontBefore,
});

export function agentTabTitle(taskId: string | undefined, streamId: string): string {
  if (taskId === undefined) return `Stream ${streamId.slice(0, 8)}`;
  // Shown (as the session's title) only until the session list names it.
  return taskId === 'default' ? 'Agent' : `Session …${taskId.slice(-6)}`;
}

function replaceTab(state: TabsState, tab: TerminalTab): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.key === tab.key ? tab : t)) };
}

/**
 * Finds (or makes) the tab for a chunk of output. `undefined` means: hold the chunk, since it
 * may belong to a shell whose openShell reply has not arrived, or, just after a reload, to a shell
 * the page does not know yet (shell output has no toolCallId). `null`: drop it, its task is closed.
 */
export function routeData(
  state: TabsState,
  data: TerminalData,
  /** The session in view: another session's new command does not take the front from it. */
  inView?: string,
): { state: TabsState; key: string | undefined | null } {
  if (data.toolCallId !== undefined && data.taskId !== undefined && state.closedTasks.includes(data.taskId))
    return { state, key: null };
  const owner = state.tabs.find((t) => t.streamIds.includes(data.streamId));
  if (owner) {
    if (owner.liveStreamIds.includes(data.streamId) || owner.exited) return { state, key: owner.key };
    return {
      state: replaceTab(state, { ...owner, liveStreamIds: [...owner.liveStreamIds, data.streamId] }),
      key: owner.key,
    };
  }
  if (data.toolCallId === undefined && (state.pendingShells > 0 || !state.shellsKnown))
    return { state, key: undefined };

  const key = data.taskId !== undefined ? `task:${data.taskId}` : `stream:${data.streamId}`;
  const existing = state.tabs.find((t) => t.key === key);
  const tab: TerminalTab = existing
    ? {
        ...existing,
        streamIds: [...existing.streamIds, data.streamId],
        liveStreamIds: [...existing.liveStreamIds, data.streamId],
      }
    : {
        key,
        kind: 'agent',
        taskId: data.taskId,
        title: agentTabTitle(data.taskId, data.streamId),
        streamIds: [data.streamId],
        liveStreamIds: [data.streamId],
        exited: false,
      };
  const tabs = existing ? state.tabs.map((t) => (t.key === key ? tab : t)) : [...state.tabs, tab];
  // A new command comes to the front unless the user is working in a shell. Restored screens
  // leave the front to the first of them, or to the tab that had it before the reload.
  const active = state.tabs.find((t) => t.key === state.activeKey);
  const elsewhere = inView !== undefined && data.taskId !== undefined && data.taskId !== inView;
  const toFront =
    key === state.frontBefore ||
    (state.restoring ? active === undefined : active?.kind !== 'shell' && !elsewhere);
  return { state: { ...state, tabs, activeKey: toFront ? key : state.activeKey }, key };
}

/** The tab of the user's shell number `n`, live on `streamId`. */
function shellTab(streamId: string, taskId: string | undefined, n: number): TerminalTab {
  return {
    key: `shell:${streamId}`,
    kind: 'shell',
    taskId,
    title: `Shell ${n}`,
    streamIds: [streamId],
    liveStreamIds: [streamId],
    exited: false,
  };
}

export function shellRequested(state: TabsState): TabsState {
  return { ...state, pendingShells: state.pendingShells + 1 };
}

export function shellOpened(
  state: TabsState,
  streamId: string | undefined,
  taskId: string | undefined,
): TabsState {
  const pendingShells = Math.max(0, state.pendingShells - 1);
  if (streamId === undefined) return { ...state, pendingShells };
  const shellCount = state.shellCount + 1;
  const tab = shellTab(streamId, taskId, shellCount);
  return { ...state, tabs: [...state.tabs, tab], activeKey: tab.key, pendingShells, shellCount };
}

/**
 * Tabs for user shells that main still runs (after a reload); known ones stay as they are. The
 * first step of a restore: the screens of agents' commands follow.
 */
export function shellsRestored(state: TabsState, shells: { streamId: string; taskId: string }[]): TabsState {
  const known = new Set(state.tabs.flatMap((t) => t.streamIds));
  const tabs = [...state.tabs];
  let { shellCount } = state;
  for (const { streamId, taskId } of shells) {
    if (known.has(streamId)) continue;
    shellCount += 1;
    tabs.push(shellTab(streamId, taskId, shellCount));
  }
  const front = tabs.some((t) => t.key === state.frontBefore) ? state.frontBefore : tabs[0]?.key;
  return {
    ...state,
    tabs,
    shellCount,
    shellsKnown: true,
    restoring: true,
    activeKey: state.activeKey ?? front,
  };
}

/** Every screen main had is back: tabs come to the front as new commands do again. */
export function screensRestored(state: TabsState): TabsState {
  return { ...state, restoring: false, frontBefore: undefined };
}

export function streamExited(state: TabsState, streamId: string, exitCode: number | null): TabsState {
  const owner = state.tabs.find((t) => t.streamIds.includes(streamId));
  if (!owner) return state;
  const liveStreamIds = owner.liveStreamIds.filter((id) => id !== streamId);
  const ended = owner.kind === 'shell' ? { exited: true, exitCode } : {};
  return replaceTab(state, { ...owner, liveStreamIds, ...ended });
}

export function closeTab(state: TabsState, key: string): TabsState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  const neighbour = tabs[Math.min(index, tabs.length - 1)];
  return { ...state, tabs, activeKey: state.activeKey === key ? neighbour?.key : state.activeKey };
}

/** The task's session was deleted: its agent tab goes, and stays gone; the user's shells stay. */
export function taskClosed(state: TabsState, taskId: string): TabsState {
  const closedTasks = state.closedTasks.includes(taskId) ? state.closedTasks : [...state.closedTasks, taskId];
  return { ...closeTab(state, `task:${taskId}`), closedTasks };
}

/** Where typing in a tab goes: the shell's stream, or the agent's newest running command. */
export function inputStream(tab: TerminalTab): string | undefined {
  return tab.liveStreamIds.at(-1);
}

/**
 * The pane follows the session in view: its tab comes to the front, unless a tab of that
 * session (its agent tab or a shell in it) is in front already.
 */
export function followSession(state: TabsState, sessionId: string | undefined): TabsState {
  if (sessionId === undefined) return state;
  const active = state.tabs.find((t) => t.key === state.activeKey);
  if (active?.taskId === sessionId) return state;
  const tab = state.tabs.find((t) => t.key === `task:${sessionId}`);
  return tab ? { ...state, activeKey: tab.key } : state;
}
