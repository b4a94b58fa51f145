import { create } from 'zustand';
import { api, hasNativeBridge, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

interface WorkspaceStore {
  /** What a new chat is offered: `serve`'s starting folder; none in the desktop app, which asks. */
  defaultPath: string | null;
  /** The desktop app picks folders with the native dialog; a browser types a path. */
  native: boolean;
  load(): Promise<string | null>;
  /** Opens the native folder dialog; the chosen folder, or null when cancelled or refused. */
  pick(): Promise<string | null>;
}

const defaultQuery = defineQuery({
  key: 'workspace.default',
  fetch: async () => (await unwrap(api().workspaceDefault({}))).path,
  received: (defaultPath) => useWorkspace.setState({ defaultPath }),
  failure: 'Could not read the default workspace',
});

export const useWorkspace = create<WorkspaceStore>(() => ({
  defaultPath: null,
  native: hasNativeBridge(),

  load: async () => (await defaultQuery.load()) ?? null,

  async pick() {
    try {
      return (await unwrap(api().workspacePick({}))).path;
    } catch (err) {
      reportError('Could not open the folder picker', err);
      return null;
    }
  },
}));
