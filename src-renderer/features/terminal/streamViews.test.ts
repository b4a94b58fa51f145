import { describe, expect, it } from 'vitest';
import { StreamViews, streamsShown, type PageView } from './streamViews';
import type { TerminalTab } from './terminalTabs';

function tab(
  key: string,
  kind: TerminalTab['kind'],
  taskId: string | undefined,
  live: string[],
): TerminalTab {
  return { key, kind, taskId, title: key, streamIds: [...live, 'ended'], liveStreamIds: live, exited: false };
}

const tabs = [
  tab('task:in-view', 'agent', 'in-view', ['agent-1']),
  tab('task:background', 'agent', 'background', ['agent-2', 'agent-3']),
  tab('shell:1', 'shell', 'background', ['shell-1']),
];

const view = (over: Partial<PageView> = {}): PageView => ({
  visible: true,
  sessionId: 'in-view',
  attached: () => false,
  ...over,
});

describe('streamsShown', () => {
  it("shows the chat in view's agent streams (their cards) and the tab in front, nothing else", () => {
    expect(streamsShown(tabs, view({ attached: (key) => key === 'shell:1' }))).toEqual([
      ['agent-1', true],
      ['agent-2', false],
      ['agent-3', false],
      ['shell-1', true],
    ]);
  });

  it("shows a background session's command while its tab is in front", () => {
    const shown = streamsShown(tabs, view({ attached: (key) => key === 'task:background' }));
    expect(shown.filter(([, s]) => s).map(([id]) => id)).toEqual(['agent-1', 'agent-2', 'agent-3']);
  });

  it('shows nothing while the page is hidden', () => {
    const shown = streamsShown(tabs, view({ visible: false, attached: () => true }));
    expect(shown.every(([, s]) => !s)).toBe(true);
  });

  it('takes a shell of the session in view for a tab, not a card', () => {
    const shells = [tab('shell:2', 'shell', 'in-view', ['shell-2'])];
    expect(streamsShown(shells, view())).toEqual([['shell-2', false]]);
  });
});

describe('StreamViews', () => {
  it('says only what changed, taking every stream as shown at first', () => {
    const told: [string, boolean][] = [];
    const views = new StreamViews((id, shown) => told.push([id, shown]));
    views.update([
      ['a', true],
      ['b', false],
    ]);
    views.update([
      ['a', true],
      ['b', false],
    ]);
    views.update([
      ['a', false],
      ['b', true],
    ]);
    expect(told).toEqual([
      ['b', false],
      ['a', false],
      ['b', true],
    ]);
  });

  it('says it again after forgetting (a stream ended, or a new connection)', () => {
    const told: [string, boolean][] = [];
    const views = new StreamViews((id, shown) => told.push([id, shown]));
    views.update([
      ['a', false],
      ['b', false],
    ]);
    views.forget('a');
    views.update([['a', false]]);
    views.forget();
    views.update([['b', false]]);
    expect(told).toEqual([
      ['a', false],
      ['b', false],
      ['a', false],
      ['b', false],
    ]);
  });
});
