// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../api/client';
import { emptyChat } from '../chat/chatReducer';
import { useChat } from '../chat/chatStore';
import { useWorkspace } from './workspaceStore';
import { useChanges } from '../changes/changesStore';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { WorkspaceBar } from './WorkspaceBar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  fake = createFakeBridge({
    'workspace.pick': () => ({ path: '/home/me/project' }),
    'workspace.validate': (input) => ({ ok: true, path: (input as { path: string }).path }),
    'chat.send': () => ({ sessionId: 's1', turnId: 't1' }),
  });
  setBridge(fake.bridge);
  localStorage.clear();
  useWorkspace.setState({ native: true, defaultPath: null, note: null, chosen: null });
  useChat.setState(emptyChat());
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<WorkspaceBar />));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('WorkspaceBar in the desktop app', () => {
  it('asks for a folder with the native picker and starts the session there', async () => {
    expect(byTestId('workspace-path')?.textContent).toBe('No folder chosen yet');
    expect(byTestId('workspace-input')).toBeNull();
    await act(async () => byTestId('workspace-pick')?.click());
    expect(fake.calls.map((c) => c.name)).toContain('workspace.pick');
    expect(byTestId('workspace-path')?.textContent).toBe('/home/me/project');
    expect(byTestId('workspace-pick')?.textContent).toBe('Change…');

    await act(async () => void (await useChat.getState().send('hello')));
    const sent = fake.calls.find((c) => c.name === 'chat.send');
    expect(sent?.input).toEqual({ text: 'hello', workspace: '/home/me/project' });
  });

  it('keeps the folder it had when the picker is cancelled', async () => {
    fake = createFakeBridge({ 'workspace.pick': () => ({ path: null }) });
    setBridge(fake.bridge);
    useChat.getState().setWorkspace('/before');
    await act(async () => byTestId('workspace-pick')?.click());
    expect(byTestId('workspace-path')?.textContent).toBe('/before');
  });

  it("shows a started session's folder, fixed", () => {
    act(() => useChat.setState({ sessionId: 's1', workspace: '/srv/app' }));
    expect(byTestId('workspace-path')?.textContent).toBe('/srv/app');
    expect(byTestId('workspace-pick')).toBeNull();
  });

  it('opens the Changes pane once the session exists', () => {
    expect(byTestId('changes-open')).toBeNull();
    act(() => useChat.setState({ sessionId: 's1', workspace: '/srv/app' }));
    act(() => byTestId('changes-open')?.click());
    expect(useChanges.getState().open).toBe(true);
    act(() => useChanges.getState().close());
  });

  it('opens the Review view on the folder', async () => {
    expect(byTestId('review-open')).toBeNull();
    fake = createFakeBridge({ 'review.status': () => ({ repo: false, message: 'Not a git repository.' }) });
    setBridge(fake.bridge);
    act(() => useChat.setState({ sessionId: 's1', workspace: '/srv/app' }));
    await act(async () => byTestId('review-open')?.click());
    expect(byTestId('review-view')).not.toBeNull();
    expect(fake.calls.find((c) => c.name === 'review.status')?.input).toEqual({ workspace: '/srv/app' });
    act(() => byTestId('review-close')?.click());
    expect(byTestId('review-view')).toBeNull();
  });
});

describe('the folder of a new chat', () => {
  it("is the one the person last started a chat in, not the host's starting folder", async () => {
    useWorkspace.setState({ defaultPath: '/srv/caduceus-start' });
    act(() => useChat.getState().newChat());
    expect(byTestId('workspace-path')?.textContent).toBe('/srv/caduceus-start');
    await act(async () => byTestId('workspace-pick')?.click());
    await act(async () => void (await useChat.getState().send('hello')));
    act(() => useChat.getState().newChat());
    expect(useChat.getState().workspace).toBe('/home/me/project');
    expect(byTestId('workspace-path')?.textContent).toBe('/home/me/project');
    // A reload remembers it too.
    expect(localStorage.getItem('caduceus.workspace.chosen')).toBe('/home/me/project');
  });

  it('says why it is the home folder when the host started inside its own checkout', () => {
    const note = "Started inside Caduceus's own folder (/opt/caduceus), so new chats use your home folder.";
    useWorkspace.setState({ defaultPath: '/home/me', note });
    act(() => useChat.getState().newChat());
    expect(byTestId('workspace-note')?.textContent).toBe(note);
    act(() => useChat.getState().setWorkspace('/elsewhere'));
    expect(byTestId('workspace-note')).toBeNull();
  });
});
