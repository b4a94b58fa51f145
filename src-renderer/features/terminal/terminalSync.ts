import { FlowControl } from '../../../src-shared/constants';
import type { CaduceusBridge } from '../../../src-shared/ipc/bridge';
import type { TerminalData } from '../../../src-shared/ipc/schemas';
import { api, onConnectionOpen, unwrap } from '../../api/client';
import { spinners } from '../../ui/spinTicker';
import { reportError } from '../../state/noticesStore';
import { useTerminal } from './terminalStore';
import { inputStream, type TerminalTab } from './terminalTabs';
import { AckCounter } from './ackCounter';
import { CardOutput } from './cardOutput';
import { FloodMotion } from './floodMotion';
import { FramePace } from './framePace';
import { TerminalRegistry } from './terminalRegistry';
import { StreamViews, streamsShown } from './streamViews';

const RESIZE_DEBOUNCE_MS = 120;
const MAX_WRITE_CHARS = 65_536;

/** The page's frames while output streams: main feeds a page whose frames run long less. */
const framePace = new FramePace();
const acks = new AckCounter(FlowControl.charCountAckSize, (streamId, chars) => {
  void api().terminalAck({ streamId, chars, pace: framePace.pace });
});
const cards = new CardOutput(
  (toolCallId, text) => chat.streamedOutput(toolCallId, text),
  () => framePace.pace,
);
const motion = new FloodMotion(
  (still) => {
    spinners.pause(still);
    if (still) document.documentElement.dataset.terminalFlood = '';
    else delete document.documentElement.dataset.terminalFlood;
  },
  () => framePace.pace,
);
const resizeTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** Output of unknown streams held while a shell is opening (it may be that shell's prompt). */
const held: TerminalData[] = [];
/** Streams that refused keys; the refusal is shown once, not for every key held down. */
const refused = new Set<string>();
/** Streams whose tab the user closed: their output must not bring the tab back. */
const closed = new Set<string>();

function sendKeys(streamId: string, data: string): void {
  unwrap(api().terminalWrite({ streamId, data })).catch((err: unknown) => {
    if (refused.has(streamId)) return;
    refused.add(streamId);
    reportError('Typing did not reach the terminal', err);
  });
}

const tabOf = (key: string): TerminalTab | undefined =>
  useTerminal.getState().tabs.find((t) => t.key === key);

/** What the terminals need from the chat, given by the code that joins features (app/sync.ts). */
export interface ChatLink {
  /** The session in view, whose environment a new shell opens in. */
  sessionId(): string | undefined;
  /** A call's output as text, for its card. */
  streamedOutput(toolCallId: string, text: string): void;
  /** Calls `listener` each time the chat shows another session; returns the unsubscribe. */
  onSessionChange(listener: () => void): () => void;
}

let chat: ChatLink = {
  sessionId: () => undefined,
  streamedOutput: () => undefined,
  onSessionChange: () => () => undefined,
};

const views = new StreamViews((streamId, shown) => void api().terminalView({ streamId, shown }));

/** Tells main which streams the page shows now (see streamViews.ts). */
function reportViews(): void {
  views.update(
    streamsShown(useTerminal.getState().tabs, {
      visible: document.visibilityState !== 'hidden',
      sessionId: chat.sessionId(),
      attached: (key) => terminals.shows(key),
    }),
  );
}

export const terminals = new TerminalRegistry({
  input(key, data) {
    const tab = tabOf(key);
    const streamId = tab && !tab.exited ? inputStream(tab) : undefined;
    if (!streamId) return;
    for (let i = 0; i < data.length; i += MAX_WRITE_CHARS)
      sendKeys(streamId, data.slice(i, i + MAX_WRITE_CHARS));
  },
  resized(key, cols, rows) {
    clearTimeout(resizeTimers.get(key));
    resizeTimers.set(
      key,
      setTimeout(() => {
        resizeTimers.delete(key);
        for (const streamId of tabOf(key)?.liveStreamIds ?? [])
          void api().terminalResize({ streamId, cols: Math.max(2, cols), rows: Math.max(1, rows) });
      }, RESIZE_DEBOUNCE_MS),
    );
  },
  parsed: (streamId, chars) => acks.add(streamId, chars),
  // Screens nobody sees (restored after a reload) wait while a flood streams in front.
  holdHiddenScreens: () => motion.flooding,
  viewChanged: reportViews,
  rendererLost: () => console.warn('The terminal lost its WebGL context; it now draws with the DOM renderer'),
});

function receive(data: TerminalData): void {
  if (data.held) {
    motion.held(data.streamId, performance.now());
    return;
  }
  // The card of the agent's call shows the same stream as text (a snapshot is a whole screen).
  if (data.toolCallId !== undefined && !data.snapshot) cards.push(data.toolCallId, data.data);
  framePace.busy();
  showPace();
  // A snapshot (a reload restoring screens) is no flood by itself; it keeps one going.
  motion.received(data.streamId, data.snapshot ? 0 : data.data.length, performance.now());
  if (closed.has(data.streamId)) return;
  const { key, joined } = useTerminal.getState().route(data, chat.sessionId());
  if (key === null) return;
  if (key === undefined) held.push(data);
  else if (data.snapshot) terminals.replace(key, data.streamId, data.data, data.size);
  else terminals.write(key, data.streamId, data.data);
  // A new command in a tab gets the tab's size, so its PTY and main's mirror match what is shown.
  const grid = key === undefined || !joined ? undefined : terminals.gridOf(key);
  if (grid)
    void api().terminalResize({
      streamId: data.streamId,
      cols: Math.max(2, grid.cols),
      rows: Math.max(1, grid.rows),
    });
}

let shownPace = 1;
/** Shows tests and benchmarks the page's pace (read from the root's data-terminal-pace). */
function showPace(): void {
  if (framePace.pace === shownPace) return;
  shownPace = framePace.pace;
  document.documentElement.dataset.terminalPace = String(shownPace);
}

/** Feeds terminal events into the tabs and their xterms; returns the unsubscribe. */
export function startTerminalSync(bridge: CaduceusBridge, link: ChatLink): () => void {
  chat = link;
  const terminal = useTerminal.getState();
  const offData = bridge.onTerminalData(receive);
  const offExit = bridge.onTerminalExit(({ streamId, exitCode }) => {
    views.forget(streamId);
    cards.flush();
    motion.ended(streamId);
    acks.forget(streamId);
    refused.delete(streamId);
    const tab = terminal.exited(streamId, exitCode);
    if (tab?.kind === 'shell')
      terminals.note(
        tab.key,
        `\r\n\x1b[2m[shell exited${exitCode === null ? '' : ` with code ${exitCode}`}]\x1b[0m\r\n`,
      );
  });
  // After a reload (or in a second window) the user's shells get their tabs back first, so
  // their output is not taken for an agent's; then every agent screen comes back as it is now.
  unwrap(api().terminalShells({}))
    .catch((err: unknown) => {
      reportError('Could not restore the shells', err);
      return [];
    })
    .then((shells) => {
      terminal.shellsRestored(shells);
      releaseHeld();
    })
    .then(() => unwrap(api().terminalRestore({})))
    .catch((err: unknown) => reportError('Could not restore the terminals', err))
    .finally(() => terminal.screensRestored());
  // A new page starts at the pace pages last settled at, not drawing a flood at full rate until
  // its frames run long; without an answer it starts at full pace, as it always could.
  unwrap(api().terminalPace({}))
    .then(({ pace }) => {
      framePace.seed(pace);
      showPace();
    })
    .catch(() => undefined);
  const offInput = bridge.onTerminalInputWait(({ streamId, prompt }) =>
    terminal.waitingForInput({ streamId, prompt }),
  );
  const offClosed = bridge.onTerminalTaskClosed(({ taskId }) => closeTask(taskId));
  const offTabs = useTerminal.subscribe(reportViews);
  // The pane follows the chat from one session to another, and what it shows changes with it.
  const offSession = link.onSessionChange(() => {
    useTerminal.getState().follow(chat.sessionId());
    reportViews();
  });
  document.addEventListener('visibilitychange', reportViews);
  // A new connection is a new consumer, which main takes to show every stream.
  const offOpen = onConnectionOpen(() => {
    views.forget();
    reportViews();
  });
  return () => {
    offData();
    offExit();
    offInput();
    offClosed();
    offTabs();
    offSession();
    offOpen();
    document.removeEventListener('visibilitychange', reportViews);
  };
}

/** The task's session was deleted (here or in another window): its agent tab and xterm go. */
function closeTask(taskId: string): void {
  const key = `task:${taskId}`;
  for (const streamId of tabOf(key)?.streamIds ?? []) {
    closed.add(streamId);
    acks.forget(streamId);
  }
  useTerminal.getState().taskClosed(taskId);
  terminals.dispose(key);
  const kept = held.splice(0).filter((data) => data.taskId !== taskId || data.toolCallId === undefined);
  held.push(...kept);
}

/** Opens a user shell in the environment of the tab in front (or the default one). */
export async function openShell(): Promise<void> {
  const state = useTerminal.getState();
  const front = state.tabs.find((t) => t.key === state.activeKey);
  // With no agent tab in front, the open session's environment: the shell starts in its workspace.
  const taskId = front?.taskId ?? chat.sessionId();
  const grid = front ? terminals.gridOf(front.key) : undefined;
  const size = { cols: Math.max(2, grid?.cols ?? 80), rows: Math.max(1, grid?.rows ?? 24) };
  state.shellRequested();
  let streamId: string | undefined;
  try {
    ({ streamId } = await unwrap(api().terminalOpenShell(taskId === undefined ? size : { ...size, taskId })));
  } catch (err) {
    reportError('Could not open a shell', err);
  }
  state.shellOpened(streamId, taskId);
  releaseHeld();
}

/** Routes again the output held while shells were opening or unknown, in the order it came. */
function releaseHeld(): void {
  for (const data of held.splice(0)) receive(data);
}

export async function closeTerminalTab(key: string): Promise<void> {
  const tab = tabOf(key);
  if (!tab) return;
  useTerminal.getState().close(key);
  terminals.dispose(key);
  if (tab.kind === 'agent')
    for (const streamId of tab.liveStreamIds) {
      closed.add(streamId);
      void api().terminalDetach({ streamId });
    }
  if (tab.kind === 'shell' && !tab.exited)
    for (const streamId of tab.liveStreamIds)
      await unwrap(api().terminalClose({ streamId })).catch((err: unknown) =>
        reportError('Could not close the shell', err),
      );
}
