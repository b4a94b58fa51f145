import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { setBridge } from '../../api/client';
import { createFakeBridge } from '../../testing/fakeBridge';
import { useApprovals } from './approvalsStore';
import { useNotices } from '../../state/noticesStore';

const request = (id: string, createdAt: number): ApprovalRequest => ({
  id,
  command: 'rm -rf x',
  sessionId: 's',
  taskId: 'default',
  toolCallId: `c-${id}`,
  verdict: 'dangerous',
  keys: [],
  reasons: [],
  segments: [],
  alwaysKeys: [],
  createdAt,
});

beforeEach(() => {
  useApprovals.setState({ pending: [], answering: {} });
  useNotices.setState({ notices: [] });
});

describe('approvals store', () => {
  it('loads pending requests oldest first and adds each requested one once', async () => {
    setBridge(createFakeBridge({ 'approvals.pending': () => [request('b', 2), request('a', 1)] }).bridge);
    await useApprovals.getState().load();
    useApprovals.getState().requested(request('a', 1));
    useApprovals.getState().requested(request('c', 3));
    expect(useApprovals.getState().pending.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    useApprovals.getState().resolved('b');
    expect(useApprovals.getState().pending.map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('sends the answer and drops the request once main accepts it', async () => {
    const fake = createFakeBridge({ 'approvals.respond': () => ({ ok: true }) });
    setBridge(fake.bridge);
    useApprovals.getState().requested(request('a', 1));
    await useApprovals.getState().respond('a', 'always');
    expect(fake.calls).toEqual([{ name: 'approvals.respond', input: { id: 'a', choice: 'always' } }]);
    expect(useApprovals.getState().pending).toEqual([]);
    expect(useApprovals.getState().answering).toEqual({});
  });

  it('reports a refused answer and rereads what is still pending', async () => {
    // No approvals.respond handler: main refuses, e.g. because the request already timed out.
    const fake = createFakeBridge({ 'approvals.pending': () => [] });
    setBridge(fake.bridge);
    useApprovals.getState().requested(request('a', 1));
    await useApprovals.getState().respond('a', 'once');
    expect(useNotices.getState().notices).toHaveLength(1);
    expect(fake.calls.map((c) => c.name)).toEqual(['approvals.respond', 'approvals.pending']);
    expect(useApprovals.getState().pending).toEqual([]);
  });
});
