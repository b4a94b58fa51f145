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
});
