import { describe, expect, it } from 'vitest';
import { tabLabel } from './TerminalTabs';
import {
  closeTab,
  emptyTabs,
  followSession,
  inputStream,
  routeData,
  screensRestored,
  shellOpened,
  shellRequested,
  shellsRestored,
  streamExited,
  taskClosed,
} from './terminalTabs';

/** A command's screen as main sends it to a page that (re)loads. */
const screen = (taskId: string) => ({
  streamId: `s-${taskId}`,
  taskId,
  toolCallId: `c-${taskId}`,
  data: 'x',
  snapshot: true,
});

describe('terminal tabs', () => {
  it('gives each agent environment one tab, whatever the stream', () => {
    let s = emptyTabs();
    let key;
    ({ state: s, key } = routeData(s, { streamId: 'a', taskId: 'default', toolCallId: 'c1', data: 'x' }));
    expect(key).toBe('task:default');
    ({ state: s, key } = routeData(s, { streamId: 'b', taskId: 'default', toolCallId: 'c2', data: 'y' }));
    expect(key).toBe('task:default');
    const session = '20261129-231200-a1b2c3';
    ({ state: s, key } = routeData(s, { streamId: 'c', taskId: session, toolCallId: 'c3', data: 'z' }));
    expect(key).toBe(`task:${session}`);
    expect(s.tabs.map((t) => [t.key, t.title])).toEqual([
      ['task:default', 'Agent'],
      [`task:${session}`, 'Session …a1b2c3'],
    ]);
    expect(s.tabs[0]?.streamIds).toEqual(['a', 'b']);
    expect(s.activeKey).toBe(`task:${session}`);
  });

  it('holds output of unknown streams while a shell opens, then routes it by stream', () => {
    let s = shellRequested(emptyTabs());
    const prompt = { streamId: 'sh1', taskId: 'default', data: '$ ' };
    expect(routeData(s, prompt).key).toBeUndefined();
    // Agent output (it has a toolCallId) is never held.
    expect(routeData(s, { ...prompt, streamId: 'a', toolCallId: 'c1' }).key).toBe('task:default');
    s = shellOpened(s, 'sh1', 'default');
    expect(s.pendingShells).toBe(0);
    expect(routeData(s, prompt).key).toBe('shell:sh1');
    expect(s.activeKey).toBe('shell:sh1');
    expect(s.tabs[0]).toMatchObject({ kind: 'shell', title: 'Shell 1', taskId: 'default' });
  });

  it('keeps the shell in front when agent output arrives', () => {
    let s = shellOpened(shellRequested(emptyTabs()), 'sh1', undefined);
    s = routeData(s, { streamId: 'a', taskId: 'default', toolCallId: 'c1', data: 'x' }).state;
    expect(s.activeKey).toBe('shell:sh1');
  });

  it('types into the newest live stream and marks shells exited', () => {
    let s = emptyTabs();
    s = routeData(s, { streamId: 'a', taskId: 'default', toolCallId: 'c1', data: 'x' }).state;
    s = routeData(s, { streamId: 'b', taskId: 'default', toolCallId: 'c2', data: 'x' }).state;
    s = streamExited(s, 'b', 0);
    expect(inputStream(s.tabs[0]!)).toBe('a');
    expect(s.tabs[0]?.exited).toBe(false);
    s = shellOpened(shellRequested(s), 'sh1', undefined);
    s = streamExited(s, 'sh1', 130);
    expect(s.tabs[1]).toMatchObject({ exited: true, exitCode: 130, liveStreamIds: [] });
  });

  it('moves to a neighbour when the front tab closes', () => {
    let s = emptyTabs();
    for (const task of ['t1', 't2', 't3'])
      s = routeData(s, { streamId: task, taskId: task, toolCallId: 'c', data: '' }).state;
    s = closeTab({ ...s, activeKey: 'task:t2' }, 'task:t2');
    expect(s.activeKey).toBe('task:t3');
    s = closeTab(s, 'task:t3');
    expect(s.activeKey).toBe('task:t1');
    expect(closeTab(s, 'task:t1').activeKey).toBeUndefined();
  });

  it('gives shells that outlived a reload their tabs back, once, and routes their output there', () => {
    let s = shellsRestored(emptyTabs(), [{ streamId: 'sh1', taskId: 'default' }]);
    s = shellsRestored(s, [{ streamId: 'sh1', taskId: 'default' }]);
    expect(s.tabs.map((t) => [t.key, t.kind, t.title])).toEqual([['shell:sh1', 'shell', 'Shell 1']]);
    expect(s.activeKey).toBe('shell:sh1');
    const { key } = routeData(s, { streamId: 'sh1', taskId: 'default', data: '$ ' });
    expect(key).toBe('shell:sh1');
  });

  it('after a reload, holds output with no call until the shells are known, so a shell is not taken for the agent', () => {
    let s = emptyTabs();
    const tick = { streamId: 'sh1', taskId: 'default', data: 'tick\r\n' };
    expect(routeData(s, tick).key).toBeUndefined();
    expect(routeData(s, { ...tick, streamId: 'a', toolCallId: 'c1' }).key).toBe('task:default');
    s = shellsRestored(s, [{ streamId: 'sh1', taskId: 'default' }]);
    expect(routeData(s, tick).key).toBe('shell:sh1');
    // With no shell left open, output with no call is a stream of its own again.
    expect(routeData(shellsRestored(emptyTabs(), []), { streamId: 'x', data: 'y' }).key).toBe('stream:x');
  });

  it("drops a deleted session's agent tab, and its streams' late output does not bring it back", () => {
    const session = '20261130-120000-abcdef';
    let s = shellsRestored(emptyTabs(), []);
    s = routeData(s, { streamId: 'a', taskId: session, toolCallId: 'c1', data: 'tick' }).state;
    s = shellOpened(shellRequested(s), 'sh1', session);
    s = routeData(s, { streamId: 'b', taskId: 'other', toolCallId: 'c2', data: 'x' }).state;
    s = { ...s, activeKey: `task:${session}` };
    s = taskClosed(s, session);
    // The human's shell in that session's environment stays.
    expect(s.tabs.map((t) => t.key)).toEqual(['shell:sh1', 'task:other']);
    expect(s.activeKey).toBe('shell:sh1');
    for (const late of [
      { streamId: 'a', taskId: session, toolCallId: 'c1', data: 'tick' },
      { streamId: 'z', taskId: session, toolCallId: 'c9', data: 'screen', snapshot: true },
    ]) {
      const routed = routeData(s, late);
      expect(routed.key).toBeNull();
      expect(routed.state.tabs.map((t) => t.key)).toEqual(['shell:sh1', 'task:other']);
    }
    expect(routeData(s, { streamId: 'sh1', taskId: session, data: '$ ' }).key).toBe('shell:sh1');
    expect(taskClosed(s, 'never-shown').tabs).toEqual(s.tabs);
  });

  it('after a reload, gives the front back to the tab that had it, and restored screens do not push it out', () => {
    let s = shellsRestored(emptyTabs('task:b'), []);
    expect(s.restoring).toBe(true);
    s = routeData(s, screen('a')).state;
    expect(s.activeKey).toBe('task:a');
    s = routeData(s, screen('b')).state;
    s = routeData(s, screen('c')).state;
    expect(s.activeKey).toBe('task:b');
    s = screensRestored(s);
    expect([s.restoring, s.frontBefore]).toEqual([false, undefined]);
    // Once restored, a new command comes to the front as always.
    s = routeData(s, { streamId: 'n', taskId: 'd', toolCallId: 'c-d', data: 'new' }).state;
    expect(s.activeKey).toBe('task:d');
  });

  it('after a reload, keeps the first restored screen in front when the tab that had it is gone', () => {
    let s = shellsRestored(emptyTabs('task:gone'), []);
    for (const task of ['live', 'done-1', 'done-2']) s = routeData(s, screen(task)).state;
    expect(s.activeKey).toBe('task:live');
  });

  it('after a reload, gives the front back to a shell that had it', () => {
    const s = shellsRestored(emptyTabs('shell:sh2'), [
      { streamId: 'sh1', taskId: 'default' },
      { streamId: 'sh2', taskId: 'default' },
    ]);
    expect(s.activeKey).toBe('shell:sh2');
  });

  it('follows the session in view: a command of another session stays behind, switching brings its tab', () => {
    let s = shellsRestored(emptyTabs(), []);
    s = routeData(s, { streamId: 'a', taskId: 's1', toolCallId: 'c1', data: 'one' }, 's1').state;
    expect(s.activeKey).toBe('task:s1');
    // s2 runs in the background while s1 is in view.
    s = routeData(s, { streamId: 'b', taskId: 's2', toolCallId: 'c2', data: 'two' }, 's1').state;
    expect(s.activeKey).toBe('task:s1');
    s = followSession(s, 's2');
    expect(s.activeKey).toBe('task:s2');
    // A session with no tab leaves the front where it is.
    expect(followSession(s, 's3').activeKey).toBe('task:s2');
  });
});

describe('agent tab labels', () => {
  it("name a session's tab by its title, whatever the title", () => {
    const id = '20261129-231200-e5eccc';
    const [tab] = routeData(emptyTabs(), { streamId: 's', taskId: id, toolCallId: 'c', data: '' }).state.tabs;
    if (!tab) throw new Error('no tab');
    const summary = (title: string) => [{ id, title, createdAt: 1, updatedAt: 1, messageCount: 1 }];
    expect(tabLabel(tab, summary('Fix the build'))).toBe('Fix the build');
    expect(tabLabel(tab, summary('Untitled session'))).toBe('Untitled session');
  });
});
