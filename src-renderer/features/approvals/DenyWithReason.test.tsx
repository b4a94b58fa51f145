// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { setBridge } from '../../api/client';
import { useApprovals } from './approvalsStore';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { ApprovalDialog } from './ApprovalDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const request: ApprovalRequest = {
  id: 'a',
  command: 'rm -rf ./old-build',
  sessionId: 's1',
  taskId: 'default',
  toolCallId: 'call-a',
  verdict: 'dangerous',
  keys: ['recursive delete'],
  reasons: ['recursive delete'],
  segments: [],
  alwaysKeys: ['recursive delete'],
  createdAt: 1,
};

let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
const byTestId = <T extends HTMLElement = HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);

beforeEach(() => {
  fake = createFakeBridge({ 'approvals.respond': () => ({ ok: true }), 'approvals.pending': () => [] });
  setBridge(fake.bridge);
  useApprovals.setState({ pending: [], answering: {} });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<ApprovalDialog />));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('Deny and tell the agent why', () => {
  it('denies with the note the user wrote', async () => {
    act(() => useApprovals.getState().requested(request));
    await act(async () => byTestId('approval-deny-reason')?.click());
    const note = byTestId<HTMLTextAreaElement>('approval-deny-note');
    expect(document.activeElement).toBe(note);
    expect(byTestId<HTMLButtonElement>('approval-deny-send')?.disabled).toBe(true);
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setValue?.call(note, 'The release needs old-build');
      note?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => byTestId('approval-deny-send')?.click());
    expect(fake.calls.filter((c) => c.name === 'approvals.respond')).toEqual([
      {
        name: 'approvals.respond',
        input: { id: 'a', choice: 'deny', note: 'The release needs old-build' },
      },
    ]);
    expect(byTestId('approval-dialog')).toBeNull();
  });
});
