import { create } from 'zustand';
import { api, hasNativeBridge, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';
import { readStored, writeStored } from '../../state/webStorage';

const CHOSEN_KEY = 'caduceus.workspace.chosen';

interface WorkspaceStore {
  /** The host's offer before the person chose: where it started, or home (`note` says why). */
  defaultPath: string | null;
  note: string | null;
  /** The folder the person last started a chat in; new chats use it. */
  chosen: string | null;
  /** The next new chat works in a git worktree of its own. */
  worktree: boolean;
  setWorktree(on: boolean): void;
  /** The desktop app picks folders with the native dialog; a browser types a path. */
  native: boolean;
  /** Loads the host's offer; resolves the folder a new chat uses. */
  load(): Promise<string | null>;
  /** The folder a new chat uses: the last one chosen, else the host's offer. */
  forNewChat(): string | null;
  choose(path: string): void;
  /** Opens the native folder dialog; the chosen folder, or null when cancelled or refused. */
  pick(): Promise<string | null>;
}

const defaultQuery = defineQuery({
  key: 'workspace.default',
  fetch: async () => await unwrap(api().workspaceDefault({})),
  received: ({ path, note }) => useWorkspace.setState({ defaultPath: path, note: note ?? null }),
  failure: 'Could not read the default workspace',
});

export const useWorkspace = create<WorkspaceStore>((set, get) => ({
  defaultPath: null,
  note: null,
  chosen: readStored(() => localStorage, CHOSEN_KEY) ?? null,
  native: hasNativeBridge(),
  worktree: false,
  setWorktree: (on) => set({ worktree: on }),

  load: async () => {
    await defaultQuery.load();
    return get().forNewChat();
  },

  forNewChat: () => get().chosen ?? get().defaultPath,

  choose(path) {
    writeStored(() => localStorage, CHOSEN_KEY, path);
    set({ chosen: path });
  },

  async pick() {
    try {
      return (await unwrap(api().workspacePick({}))).path;
    } catch (err) {
      reportError('Could not open the folder picker', err);
      return null;
    }
  },
}));
