import { create } from 'zustand';
import { api, hasNativeBridge, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';

interface WorkspaceStore {
  /** What a new chat is offered: `serve`'s starting folder; none in the desktop app, which asks. */
  defaultPath: string | null;
  /** The desktop app picks folders with the native dialog; a browser types a path. */
  native: boolean;
  load(): Promise<string | null>;
  /** Opens the native folder dialog; the chosen folder, or null when cancelled or refused. */
  pick(): Promise<string | null>;
}

export const useWorkspace = create<WorkspaceStore>((set) => ({
  defaultPath: null,
  native: hasNativeBridge(),

  async load() {
    try {
      const { path } = await unwrap(api().workspaceDefault({}));
      set({ defaultPath: path });
      return path;
    } catch (err) {
      reportError('Could not read the default workspace', err);
      return null;
    }
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
