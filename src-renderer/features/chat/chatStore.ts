import { create } from 'zustand';
import type { AttachmentRef } from '../../../src-shared/attachments';
import type { FileAttachment } from '../../../src-shared/fileAttachments';
import type { ChatEvent, SessionDetail } from '../../../src-shared/ipc/chatSchemas';
import { api, errorMessage, unwrap } from '../../api/client';
import { useWorkspace } from '../workspace/workspaceStore';
import { appendToolOutput, chatFromSession, emptyChat, type ChatData } from './chatReducer';
import { routeChatEvent, switchView, type ChatSessions } from './chatSessions';

interface ChatActions {
  apply(event: ChatEvent): void;
  /** Output of a running call as its terminal stream carries it, as plain text. */
  streamedOutput(toolCallId: string, text: string): void;
  /** `attachments`: MCP resources main reads and appends for the model. */
  send(text: string, attachments?: AttachmentRef[], files?: FileAttachment[]): Promise<boolean>;
  cancel(): Promise<void>;
  answerClarify(answer: string): Promise<void>;
  openSession(id: string): Promise<void>;
  newChat(): void;
  /** A session out of view was deleted: its kept chat goes. */
  forget(id: string): void;
  dismissError(): void;
  /** The folder a new chat will work in, as typed or picked; checked when it is sent. */
  setWorkspace(path: string): void;
  /** Checks the new chat's folder; on success it becomes the absolute path main will use. */
  checkWorkspace(): Promise<boolean>;
}

/**
 * The chat in view (its fields at the top, as every component reads them) and `others`, the
 * chats out of view whose turns still run, kept up to date by their events.
 */
export type ChatStore = ChatData & { others: Record<string, ChatData> } & ChatActions;

/** Counts the user's moves between chats, so a session that loads late does not undo a later one. */
let navigation = 0;

/**
 * Idle chats the window showed lately, shown again at once when reopened while main's copy
 * loads (it then replaces them): switching between long sessions does not wait for them.
 */
const RECENT = 3;

/** Said when a message is sent while the chat's turn is still running or ending. */
export const BUSY_SEND =
  'The chat is still busy with its turn: send again once it has finished or been stopped.';
const recent = new Map<string, ChatData>();

/** Main's copy says what the chat shown already does: drawing it again would change nothing. */
function sameChat(chat: ChatData, detail: SessionDetail): boolean {
  const last = detail.messages.at(-1);
  return (
    chat.status === 'idle' &&
    !detail.running &&
    chat.workspace === detail.workspace &&
    chat.order.length === detail.messages.length &&
    (last === undefined || chat.messages[last.id]?.content === last.content)
  );
}

function remember(chat: ChatData): void {
  if (chat.sessionId === undefined || chat.status !== 'idle') return;
  recent.delete(chat.sessionId);
  recent.set(chat.sessionId, chat);
  for (const oldest of recent.keys()) {
    if (recent.size <= RECENT) break;
    recent.delete(oldest);
  }
}

const CHAT_KEYS = Object.keys(emptyChat()) as (keyof ChatData)[];

function sessionsOf(store: ChatStore): ChatSessions {
  const view = Object.fromEntries(CHAT_KEYS.map((key) => [key, store[key]])) as unknown as ChatData;
  return { view, others: store.others };
}

function stateOf(sessions: ChatSessions): Partial<ChatStore> {
  return { ...sessions.view, others: sessions.others };
}

/** Tells main the session in view was seen (its answer is no longer unread), when the page is. */
export function markViewed(sessionId: string | undefined): void {
  if (sessionId === undefined || document.visibilityState === 'hidden') return;
  void api()
    .sessionsViewed({ id: sessionId })
    .catch(() => undefined);
}

export const useChat = create<ChatStore>((set, get) => ({
  ...emptyChat(),
  others: {},

  apply: (event) => {
    const before = sessionsOf(get());
    const after = routeChatEvent(before, event);
    if (after === before) return;
    set(stateOf(after));
    if (event.type === 'turn.finished' && event.sessionId === after.view.sessionId)
      markViewed(event.sessionId);
  },

  streamedOutput: (toolCallId, text) => {
    if (get().toolCalls[toolCallId]?.status === 'running')
      set((state) => appendToolOutput(state, toolCallId, text));
    for (const [id, chat] of Object.entries(get().others))
      if (chat.toolCalls[toolCallId]?.status === 'running')
        set((state) => ({ others: { ...state.others, [id]: appendToolOutput(chat, toolCallId, text) } }));
  },

  async send(text, attachments, files) {
    const { status, sessionId } = get();
    if (!text.trim()) return false;
    // The button is disabled while a turn runs; a send that races a turn's start or end is told so.
    if (status !== 'idle') {
      set({ lastError: BUSY_SEND });
      return false;
    }
    set({ status: 'sending', lastError: undefined });
    if (!sessionId && get().workspace !== undefined && !(await get().checkWorkspace())) {
      set({ status: 'idle', lastError: `Choose a usable workspace folder: ${get().workspaceError ?? ''}` });
      return false;
    }
    const { workspace } = get();
    try {
      const reply = await unwrap(
        api().chatSend({
          text,
          ...(sessionId ? { sessionId } : {}),
          ...(workspace ? { workspace } : {}),
          ...(!sessionId && workspace && useWorkspace.getState().worktree ? { worktree: true } : {}),
          ...(attachments?.length ? { attachments } : {}),
          ...(files?.length ? { files } : {}),
        }),
      );
      // The folder a chat was started in is the one the next new chat uses.
      if (!sessionId && workspace) useWorkspace.getState().choose(workspace);
      // turn.started may already have moved the status on; only adopt the session here.
      set((state) => ({
        sessionId: state.sessionId ?? reply.sessionId,
        // A chat started in a worktree works there, not in the folder it was started from.
        ...(reply.workspace ? { workspace: reply.workspace } : {}),
        status: state.status === 'sending' ? 'running' : state.status,
        turnId: state.turnId ?? reply.turnId,
      }));
      return true;
    } catch (err) {
      set({ status: 'idle', lastError: errorMessage(err) });
      return false;
    }
  },

  async cancel() {
    const { sessionId, status } = get();
    if (!sessionId || status === 'idle') return;
    set({ status: 'cancelling' });
    try {
      await unwrap(api().chatCancel({ sessionId }));
    } catch (err) {
      set({ lastError: errorMessage(err) });
    }
  },

  async answerClarify(answer) {
    const clarify = get().clarify;
    if (!clarify) return;
    set({ clarify: undefined });
    try {
      await unwrap(api().chatAnswerClarify({ id: clarify.id, answer }));
    } catch (err) {
      set({ clarify, lastError: errorMessage(err) });
    }
  },

  async openSession(id) {
    const mine = ++navigation;
    const leaving = sessionsOf(get()).view;
    if (leaving.sessionId !== id) remember(leaving);
    // A chat kept while its turn ran is shown at once, as its events left it; one seen lately too.
    const kept = get().others[id] ?? (leaving.sessionId === id ? undefined : recent.get(id));
    if (kept) set(stateOf(switchView(sessionsOf(get()), kept)));
    if (kept && kept.status !== 'idle') return;
    try {
      const detail = await unwrap(api().sessionsGet({ id }));
      // A later choice (New chat, another session) made while this one loaded wins.
      if (mine !== navigation || (kept && sameChat(kept, detail))) return;
      set(stateOf(switchView(sessionsOf(get()), chatFromSession(detail))));
    } catch (err) {
      if (mine === navigation) set({ lastError: errorMessage(err) });
    }
  },

  newChat: () => {
    navigation++;
    remember(sessionsOf(get()).view);
    const chat = { ...emptyChat(), workspace: useWorkspace.getState().forNewChat() ?? undefined };
    set(stateOf(switchView(sessionsOf(get()), chat)));
  },
  forget: (id) => {
    recent.delete(id);
    set((s) => {
      if (!(id in s.others)) return s;
      const others = { ...s.others };
      delete others[id];
      return { others };
    });
  },
  dismissError: () => set({ lastError: undefined }),
  setWorkspace: (path) => set({ workspace: path, workspaceError: undefined }),

  async checkWorkspace() {
    const typed = get().workspace;
    if (typed === undefined) return false;
    try {
      const checked = await unwrap(api().workspaceValidate({ path: typed }));
      // A newer choice made meanwhile wins.
      if (get().workspace !== typed) return false;
      set(
        checked.ok
          ? { workspace: checked.path, workspaceError: undefined }
          : { workspaceError: checked.error },
      );
      return checked.ok;
    } catch (err) {
      set({ workspaceError: errorMessage(err) });
      return false;
    }
  },
}));

// Main follows the chat in view: its answer is read, and native dialogs are for it alone.
useChat.subscribe((chat, before) => {
  if (chat.sessionId === before.sessionId) return;
  void api()
    .sessionsViewed({ id: chat.sessionId ?? null })
    .catch(() => undefined);
});
