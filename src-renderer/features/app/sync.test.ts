// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestName } from '../../../src-shared/ipc/contract';
import type { Settings } from '../../../src-shared/ipc/schemas';
import { setBridge, useConnection } from '../../api/client';
import { useNotices } from '../../state/noticesStore';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { useSettings } from '../settings/settingsStore';
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
});
