import { create } from 'zustand';
import type { ApprovalChoice, ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';
import { reportError } from '../../state/noticesStore';
import { defineQuery } from '../../state/query';

interface ApprovalsStore {
  pending: ApprovalRequest[];
  /** Requests answered here whose approval.resolved has not arrived yet. */
  answering: Record<string, ApprovalChoice>;
  load(): Promise<void>;
  requested(request: ApprovalRequest): void;
  resolved(id: string): void;
  /** `note`: with a denial, why, for the agent. */
  respond(id: string, choice: ApprovalChoice, note?: string): Promise<void>;
}

export function addPending(list: ApprovalRequest[], request: ApprovalRequest): ApprovalRequest[] {
  if (list.some((r) => r.id === request.id)) return list;
  return [...list, request].sort((a, b) => a.createdAt - b.createdAt);
}

const pendingQuery = defineQuery({
  key: 'approvals.pending',
  fetch: () => unwrap(api().approvalsPending({})),
  received: (pending) =>
    useApprovals.setState({ pending: [...pending].sort((a, b) => a.createdAt - b.createdAt), answering: {} }),
  failure: 'Could not load pending approvals',
  updatedBy: {
    'approval.requested': (request) => useApprovals.getState().requested(request),
    'approval.resolved': ({ id }) => useApprovals.getState().resolved(id),
  },
  live: true,
});

export const useApprovals = create<ApprovalsStore>((set) => ({
  pending: [],
  answering: {},

  load: async () => void (await pendingQuery.load()),

  requested: (request) => set((s) => ({ pending: addPending(s.pending, request) })),

  resolved(id) {
    set((s) => {
      const { [id]: _answered, ...answering } = s.answering;
      return { pending: s.pending.filter((r) => r.id !== id), answering };
    });
  },

  async respond(id, choice, note) {
    set((s) => ({ answering: { ...s.answering, [id]: choice } }));
    try {
      await unwrap(api().approvalsRespond(note ? { id, choice, note } : { id, choice }));
      useApprovals.getState().resolved(id);
    } catch (err) {
      set((s) => {
        const { [id]: _failed, ...answering } = s.answering;
        return { answering };
      });
      reportError('Could not answer the approval', err);
      // It may have been answered elsewhere or timed out: reread what is still pending.
      await useApprovals.getState().load();
    }
  },
}));

/** The pending approval raised by a tool call, if any. */
export function useApprovalFor(toolCallId: string): ApprovalRequest | undefined {
  return useApprovals((s) => s.pending.find((r) => r.toolCallId === toolCallId));
}
