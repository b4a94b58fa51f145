// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestName } from '../../../src-shared/ipc/contract';
import type { Settings } from '../../../src-shared/ipc/schemas';
import { setBridge, useConnection } from '../../api/client';
import { useNotices } from '../../state/noticesStore';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { useChat } from '../chat/chatStore';
import { useSettings } from '../settings/settingsStore';
import { useTerminal } from '../terminal/terminalStore';
import { startSync } from './sync';

let fake: FakeBridge;
let stop: () => void;
const settings = (provider: string) => ({ model: { provider } }) as unknown as Settings;
const asked = (names: RequestName[]) => fake.calls.filter((c) => names.includes(c.name)).map((c) => c.name);
const CONFIG_LISTS: RequestName[] = ['toolsets.list', 'mcp.list', 'model.status', 'allowlist.list'];

beforeEach(() => {
  fake = createFakeBridge({
    'settings.get': () => settings('first'),
    'app.info': () => ({ version: '1.0.0', mode: 'browser' }),
    'toolsets.list': () => [],
    'mcp.list': () => [],
    'model.status': () => ({ configured: false }) as never,
    'allowlist.list': () => [],
    'approvals.pending': () => [],
    'mcp.pendingElicitations': () => [],
    'sessions.list': () => [],
    'workspace.default': () => ({ path: null }),
    'terminal.shells': () => [],
    'terminal.restore': () => ({ ok: true }),
  });
  setBridge(fake.bridge);
  useNotices.setState({ notices: [] });
  useConnection.setState({ state: { status: 'open' } });
  stop = startSync();
});

afterEach(() => stop());

describe('startSync', () => {
  it('loads what the UI shows on connect', () => {
    expect(asked(['settings.get', 'approvals.pending', 'sessions.list', ...CONFIG_LISTS]).sort()).toEqual(
      ['settings.get', 'approvals.pending', 'sessions.list', ...CONFIG_LISTS].sort(),
    );
  });

  it('on a config change takes the settings it carries and rereads the lists kept in config.yaml', () => {
    fake.calls.length = 0;
    fake.emit('settings.changed', settings('second'));
    expect(useSettings.getState().settings).toEqual(settings('second'));
    expect(asked([...CONFIG_LISTS, 'settings.get']).sort()).toEqual([...CONFIG_LISTS].sort());
  });

  it('rereads the sessions when a turn starts or ends, and nothing once stopped', () => {
    fake.calls.length = 0;
    const base = { sessionId: 's', turnId: 't' };
    fake.emit('chat.event', { type: 'assistant.delta', ...base, messageId: 'm', text: 'x' });
    fake.emit('chat.event', { type: 'turn.finished', ...base, status: 'done' });
    expect(asked(['sessions.list'])).toEqual(['sessions.list']);
    stop();
    fake.emit('settings.changed', settings('third'));
    fake.emit('chat.event', { type: 'turn.finished', ...base, status: 'done' });
    expect(asked([...CONFIG_LISTS, 'sessions.list'])).toEqual(['sessions.list']);
    expect(useSettings.getState().settings).not.toEqual(settings('third'));
  });

  it("joins the terminals to the chat: a call's stream reaches its card, and the pane follows the session in view", async () => {
    const streamed = vi.fn();
    const { streamedOutput } = useChat.getState();
    useChat.setState({ sessionId: 's1', streamedOutput: streamed });
    try {
      await vi.waitFor(() => expect(useTerminal.getState().shellsKnown).toBe(true), {
        // The terminal part is a chunk of its own: loading it can take seconds on a busy machine.
        timeout: 15_000,
      });
      fake.emit('terminal.data', { streamId: 'a', taskId: 's1', toolCallId: 'c1', data: 'hello\r\n' });
      // Cards get streamed output in batches.
      await vi.waitFor(() => expect(streamed).toHaveBeenCalledWith('c1', 'hello\n'));
      expect(useTerminal.getState().activeKey).toBe('task:s1');
      // Another session's command gets its tab without taking the front from the one in view.
      fake.emit('terminal.data', { streamId: 'b', taskId: 's2', toolCallId: 'c2', data: 'there' });
      expect(useTerminal.getState().tabs.map((t) => t.key)).toEqual(['task:s1', 'task:s2']);
      expect(useTerminal.getState().activeKey).toBe('task:s1');
      useChat.setState({ sessionId: 's2' });
      expect(useTerminal.getState().activeKey).toBe('task:s2');
      stop();
      useChat.setState({ sessionId: 's1' });
      expect(useTerminal.getState().activeKey).toBe('task:s2');
    } finally {
      useChat.setState({ sessionId: undefined, streamedOutput });
    }
  });
});
