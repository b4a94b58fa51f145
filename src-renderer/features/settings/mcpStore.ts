import { create } from 'zustand';
import type { McpServerInfo } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

interface McpStore {
  servers: McpServerInfo[];
  load(): Promise<void>;
  upsert(name: string, config: Record<string, unknown>): Promise<boolean>;
  setEnabled(name: string, enabled: boolean): Promise<boolean>;
  remove(name: string): Promise<boolean>;
  /** OAuth sign-in: the browser opens; resolves when the server answers. */
  signIn(name: string): Promise<boolean>;
  signOut(name: string): Promise<boolean>;
}

export function sortServers(servers: McpServerInfo[]): McpServerInfo[] {
  return [...servers].sort((a, b) => a.name.localeCompare(b.name));
}

/** MCP servers are configured in config.yaml. */
const serversQuery = defineQuery({
  key: 'mcp.servers',
  fetch: () => unwrap(api().mcpList({})),
  received: (servers) => useMcp.setState({ servers: sortServers(servers) }),
  failure: 'Could not load MCP servers',
  invalidatedBy: ['settings.changed'],
  live: true,
});

export const useMcp = create<McpStore>((set, get) => ({
  servers: [],

  load: async () => void (await serversQuery.load()),

  async upsert(name, config) {
    try {
      const info = await unwrap(api().mcpUpsert({ name, config }));
      set((s) => ({ servers: sortServers([...s.servers.filter((x) => x.name !== name), info]) }));
      return true;
    } catch (err) {
      reportError(`Could not save MCP server ${name}`, err);
      return false;
    }
  },

  async setEnabled(name, enabled) {
    const server = get().servers.find((s) => s.name === name);
    if (!server) return false;
    return get().upsert(name, { ...server.config, enabled });
  },

  async signIn(name) {
    try {
      const info = await unwrap(api().mcpSignIn({ name }));
      set((s) => ({ servers: sortServers([...s.servers.filter((x) => x.name !== name), info]) }));
      return info.state === 'connected';
    } catch (err) {
      reportError(`Could not sign in to ${name}`, err);
      return false;
    }
  },

  async signOut(name) {
    try {
      const info = await unwrap(api().mcpSignOut({ name }));
      set((s) => ({ servers: sortServers([...s.servers.filter((x) => x.name !== name), info]) }));
      return true;
    } catch (err) {
      reportError(`Could not sign out of ${name}`, err);
      return false;
    }
  },

  async remove(name) {
    try {
      await unwrap(api().mcpRemove({ name }));
      set((s) => ({ servers: s.servers.filter((x) => x.name !== name) }));
      return true;
    } catch (err) {
      reportError(`Could not remove MCP server ${name}`, err);
      return false;
    }
  },
}));
