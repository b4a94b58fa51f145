// @vitest-environment jsdom
import { act, Profiler } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { SessionItem } from './SessionItem';
import { useSessions } from './sessionsStore';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  useSessions.setState({ query: '' });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const session = (id: string, snippet?: string): SessionSummary => ({
  id,
  title: `Session ${id}`,
  createdAt: 1,
  updatedAt: 1,
  messageCount: 2,
  ...(snippet ? { snippet } : {}),
});

describe('a session row', () => {
  it('is not drawn again as a query is typed unless it shows a snippet, whose words it marks', () => {
    const renders = { plain: 0, hit: 0 };
    act(() =>
      root.render(
        <ul>
          <Profiler id="plain" onRender={() => renders.plain++}>
            <SessionItem session={session('a')} current={false} index={0} top={0} />
          </Profiler>
          <Profiler id="hit" onRender={() => renders.hit++}>
            <SessionItem session={session('b', 'the walrus sat')} current={false} index={1} top={50} />
          </Profiler>
        </ul>,
      ),
    );
    expect(renders).toEqual({ plain: 1, hit: 1 });
    act(() => useSessions.setState({ query: 'wal' }));
    expect(renders).toEqual({ plain: 1, hit: 2 });
    expect(host.querySelector('[data-session="b"] mark')?.textContent).toBe('walrus');
    expect(host.querySelector('[data-session="a"] mark')).toBeNull();
  });

  it('builds its actions when the pointer or focus first comes to it, and at once when current', () => {
    act(() =>
      root.render(
        <ul>
          <SessionItem session={session('a')} current={false} index={0} top={0} />
          <SessionItem session={session('b')} current={false} index={1} top={50} />
          <SessionItem session={session('c')} current index={2} top={100} />
        </ul>,
      ),
    );
    const actions = (id: string) =>
      host.querySelectorAll(`[data-session="${id}"] .session-actions button`).length;
    expect([actions('a'), actions('b'), actions('c')]).toEqual([0, 0, 3]);
    // Keyboard: focus on the row's button brings the actions, next in the tab order.
    act(() => host.querySelector<HTMLButtonElement>('[data-session="a"] .session-open')?.focus());
    expect(actions('a')).toBe(3);
    expect(host.querySelector('[data-session="a"] [data-testid="session-rename"]')).not.toBeNull();
    // The pointer: React's enter event comes from the browser's pointerover.
    act(() => {
      host
        .querySelector('[data-session="b"] .session-title')
        ?.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    });
    expect(actions('b')).toBe(3);
  });
});
