import { create } from 'zustand';
import type { ElicitationRequestView } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

type Content = Record<string, string | number | boolean>;

interface ElicitationStore {
  /** Forms MCP servers are waiting on, oldest first. */
  pending: ElicitationRequestView[];
  /** Reads the forms still waiting (after a reload or reconnect). */
  load(): Promise<void>;
  requested(request: ElicitationRequestView): void;
  resolved(id: string): void;
  answer(id: string, action: 'accept' | 'decline' | 'cancel', content?: Content): Promise<void>;
}

const pendingQuery = defineQuery({
  key: 'mcp.pendingElicitations',
  fetch: () => unwrap(api().mcpPendingElicitations({})),
  received: (pending) => useElicitations.setState({ pending }),
  failure: 'Could not load the forms MCP servers are waiting on',
  updatedBy: {
    'mcp.elicitation': (request) => useElicitations.getState().requested(request),
    'mcp.elicitationResolved': ({ id }) => useElicitations.getState().resolved(id),
  },
  live: true,
});

export const useElicitations = create<ElicitationStore>((set) => ({
  pending: [],

  load: async () => void (await pendingQuery.load()),
  requested: (request) =>
    set((s) => ({ pending: [...s.pending.filter((p) => p.id !== request.id), request] })),
  resolved: (id) => set((s) => ({ pending: s.pending.filter((p) => p.id !== id) })),
  async answer(id, action, content) {
    try {
      await unwrap(api().mcpAnswerElicitation({ id, action, ...(content ? { content } : {}) }));
    } catch (err) {
      reportError('Could not answer the form', err);
    }
    set((s) => ({ pending: s.pending.filter((p) => p.id !== id) }));
  },
}));
