// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../api/client';
import { useNotices } from '../../state/noticesStore';
import { emptyChat } from '../chat/chatReducer';
import { useChat } from '../chat/chatStore';
import { useWorkspace } from './workspaceStore';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { WorkspaceBar } from './WorkspaceBar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const TREE = { path: '/trees/repo/s1', branch: 'caduceus/s1', base: 'main' };

beforeEach(() => {
  fake = createFakeBridge({
    'review.status': () => ({ repo: true, branch: 'main', head: 'abc', files: [] }),
    'workspace.validate': (input) => ({ ok: true, path: (input as { path: string }).path }),
    'chat.send': () => ({ sessionId: 's1', turnId: 't1' }),
    'sessions.get': () => ({
      ...{ id: 's1', title: 't', createdAt: 1, updatedAt: 1, messageCount: 0 },
      messages: [],
    }),
    'sessions.worktree': () => TREE,
    'sessions.merge': () => ({ status: 'conflicts', into: 'main', files: ['a.txt'] }),
    'sessions.worktreeChanges': () => ({ base: 'main', files: [{ path: 'a.txt', status: 'M' }] }),
    'sessions.worktreeDiff': () => ({
      path: 'a.txt',
      side: 'unstaged',
      binary: false,
      truncated: false,
      text: '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n',
    }),
  });
  setBridge(fake.bridge);
  useWorkspace.setState({ native: true, worktree: false });
  useNotices.setState({ notices: [] });
  useChat.setState({ ...emptyChat(), workspace: '/home/me/repo' });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('WorktreeControls', () => {
  it('offers a worktree for a new chat in a git workspace, and the send asks for one', async () => {
    await act(async () => root.render(<WorkspaceBar />));
    await vi.waitFor(() => expect(byTestId('worktree-checkbox')).not.toBeNull());
    await act(async () => byTestId('worktree-checkbox')?.click());
    expect(useWorkspace.getState().worktree).toBe(true);
    await act(async () => void (await useChat.getState().send('hello')));
    expect(fake.calls.find((c) => c.name === 'chat.send')?.input).toMatchObject({
      workspace: '/home/me/repo',
      worktree: true,
    });
  });

  it('offers no worktree outside a git repository', async () => {
    fake = createFakeBridge({ 'review.status': () => ({ repo: false, message: 'Not a git repository.' }) });
    setBridge(fake.bridge);
    await act(async () => root.render(<WorkspaceBar />));
    await vi.waitFor(() => expect(fake.calls.some((c) => c.name === 'review.status')).toBe(true));
    expect(byTestId('worktree-checkbox')).toBeNull();
  });

  it('merges a worktree session into its base and says what happened', async () => {
    useChat.setState({ ...emptyChat(), sessionId: 's1', workspace: TREE.path });
    await act(async () => root.render(<WorkspaceBar />));
    await vi.waitFor(() => expect(byTestId('worktree-merge')?.textContent).toBe('Merge into main'));
    await act(async () => byTestId('worktree-merge')?.click());
    await vi.waitFor(() =>
      expect(useNotices.getState().notices.at(-1)?.text).toMatch(/a\.txt conflict with main/),
    );
    expect(fake.calls.find((c) => c.name === 'sessions.merge')?.input).toEqual({ id: 's1', into: 'main' });

    await act(async () => byTestId('worktree-changes')?.click());
    await vi.waitFor(() => expect(byTestId('base-change')?.textContent).toBe('M a.txt'));
    await act(async () => byTestId('base-change')?.click());
    await vi.waitFor(() => expect(byTestId('review-diff')?.textContent).toMatch(/\+\s*new/));
  });
});
