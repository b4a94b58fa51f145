// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FindHit, FindResult } from '../../../src-shared/ipc/findSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { emptyChat } from './chatReducer';
import { useChat } from './chatStore';
import { FindBar } from './FindBar';
import { useFind } from './findStore';
import { useReveal } from './revealStore';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
let result: FindResult;
const bar = () => document.querySelector<HTMLElement>('[data-testid="find-in-session"]');
const input = () => document.querySelector<HTMLInputElement>('[data-testid="find-input"]')!;
const count = () => document.querySelector('[data-testid="find-count"]')?.textContent;
const finds = () => fake.calls.filter((c) => c.name === 'sessions.find');

function hit(messageId: string, toolCallId?: string): FindHit {
  return {
    messageId,
    ...(toolCallId ? { toolCallId } : {}),
    role: toolCallId ? 'tool' : 'assistant',
    field: toolCallId ? 'output' : 'text',
    offset: 0,
    length: 3,
    snippet: { before: '', match: 'abc', after: '' },
  };
}

/** Lets timers and replies run, a task at a time, until `ready` holds. */
async function until(ready: () => boolean) {
  for (let i = 0; i < 200 && !ready(); i++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
  expect(ready()).toBe(true);
}

function press(target: Element, key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => void target.dispatchEvent(event));
  return event;
}

function type(text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(() => {
  result = { hits: [hit('s1:0'), hit('s1:2', 'c1'), hit('s1:4')], truncated: false };
  fake = createFakeBridge({ 'sessions.find': () => result });
  setBridge(fake.bridge);
  useChat.setState({ ...emptyChat(), sessionId: 's1' });
  useReveal.setState({ target: undefined });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <>
        <textarea data-testid="chat-input" />
        <FindBar />
      </>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  useFind.getState().close();
  useFind.setState({ query: '' });
});

async function openBar() {
  const box = document.querySelector<HTMLElement>('[data-testid="chat-input"]')!;
  box.focus();
  const event = press(box, 'f', { ctrlKey: true });
  expect(event.defaultPrevented).toBe(true);
  await until(() => document.activeElement === input());
}

describe('the find bar', () => {
  it('opens on Ctrl+F or Cmd+F as a search landmark with its input focused', async () => {
    expect(bar()).toBeNull();
    await openBar();
    expect(bar()?.getAttribute('role')).toBe('search');
    expect(document.querySelector('[data-testid="find-count"]')?.getAttribute('aria-live')).toBe('polite');
    act(() => useFind.getState().close());
    press(document.body, 'f', { metaKey: true });
    await until(() => bar() !== null);
  });

  it('leaves Ctrl+F to the page when no session is shown', () => {
    act(() => useChat.setState({ sessionId: undefined }));
    expect(press(document.body, 'f', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(bar()).toBeNull();
  });

  it('searches the session once typing pauses, counts the hits and reveals the first', async () => {
    await openBar();
    type('a');
    type('ab');
    type('abc');
    await until(() => count() === '1 of 3');
    expect(finds().map((c) => c.input)).toEqual([{ id: 's1', query: 'abc' }]);
    expect(useReveal.getState().target).toMatchObject({ messageId: 's1:0' });
    expect(useReveal.getState().target?.toolCallId).toBeUndefined();
  });

  it('goes to the next hit with Enter and the previous with Shift+Enter, round the ends', async () => {
    await openBar();
    type('abc');
    await until(() => count() === '1 of 3');
    press(input(), 'Enter');
    expect(count()).toBe('2 of 3');
    expect(useReveal.getState().target).toMatchObject({ messageId: 's1:2', toolCallId: 'c1' });
    const first = useReveal.getState().target?.nonce ?? 0;
    press(input(), 'Enter');
    press(input(), 'Enter');
    expect(count()).toBe('1 of 3');
    press(input(), 'Enter', { shiftKey: true });
    expect(count()).toBe('3 of 3');
    expect(useReveal.getState().target).toMatchObject({ messageId: 's1:4' });
    expect(useReveal.getState().target?.nonce).toBeGreaterThan(first);
    act(() => document.querySelector<HTMLButtonElement>('[data-testid="find-previous"]')?.click());
    expect(count()).toBe('2 of 3');
  });

  it('says when nothing matches, and when there are more hits than were listed', async () => {
    result = { hits: [], truncated: false };
    await openBar();
    type('zzz');
    await until(() => count() === 'No matches');
    expect(document.querySelector<HTMLButtonElement>('[data-testid="find-next"]')?.disabled).toBe(true);
    result = { hits: [hit('s1:0'), hit('s1:2')], truncated: true };
    type('abc');
    await until(() => count() === '1 of 2+');
  });

  it('closes on Escape, forgets its hits and gives the focus back', async () => {
    await openBar();
    type('abc');
    await until(() => count() === '1 of 3');
    press(input(), 'Escape');
    expect(bar()).toBeNull();
    expect(useFind.getState()).toMatchObject({ open: false, hits: [], index: -1 });
    expect(document.activeElement?.getAttribute('data-testid')).toBe('chat-input');
  });

  it('reveals a tool call hit in the message that shows it, also one sent since the session opened', async () => {
    act(() =>
      useChat.setState({
        order: ['live-1'],
        messages: {
          'live-1': { id: 'live-1', role: 'assistant', content: '', toolCallIds: ['c1'], createdAt: 0 },
        },
      }),
    );
    result = { hits: [hit('s1:2', 'c1')], truncated: false };
    await openBar();
    type('abc');
    await until(() => count() === '1 of 1');
    expect(useReveal.getState().target).toMatchObject({ messageId: 'live-1', toolCallId: 'c1' });
  });

  it("reveals a text hit in a message sent since the session opened by the message's stored id", async () => {
    act(() =>
      useChat.setState({
        order: ['live-user', 'live-reply'],
        messages: {
          'live-user': { id: 'live-user', role: 'user', content: 'abc?', toolCallIds: [], createdAt: 0 },
          'live-reply': {
            id: 'live-reply',
            role: 'assistant',
            content: 'abc.',
            toolCallIds: [],
            createdAt: 0,
          },
        },
        storedIds: { 's1:6': 'live-user', 's1:7': 'live-reply' },
      }),
    );
    result = { hits: [hit('s1:6'), hit('s1:7')], truncated: false };
    await openBar();
    type('abc');
    await until(() => count() === '1 of 2');
    expect(useReveal.getState().target).toMatchObject({ messageId: 'live-user' });
    press(input(), 'Enter');
    expect(useReveal.getState().target).toMatchObject({ messageId: 'live-reply' });
  });

  it('searches again when the open session stores more, keeping the current hit and the view', async () => {
    await openBar();
    type('abc');
    await until(() => count() === '1 of 3');
    press(input(), 'Enter');
    expect(count()).toBe('2 of 3');
    const target = useReveal.getState().target;
    const event = {
      sessionId: 's1',
      turnId: 't1',
      toolCallId: 'c9',
      status: 'ok',
      durationMs: 1,
      result: '',
    } as const;

    // Another session's turn does not search this one again.
    fake.emit('chat.event', { type: 'tool.finished', ...event, sessionId: 's2' });
    result = {
      hits: [hit('s1:0'), hit('s1:1'), hit('s1:2', 'c1'), hit('s1:4'), hit('s1:9', 'c9')],
      truncated: false,
    };
    fake.emit('chat.event', { type: 'tool.finished', ...event });
    fake.emit('chat.event', {
      type: 'tool.output',
      sessionId: 's1',
      turnId: 't1',
      toolCallId: 'c9',
      chunk: 'x',
    });
    fake.emit('chat.event', {
      type: 'assistant.message',
      sessionId: 's1',
      turnId: 't1',
      message: { id: 'm', role: 'assistant', content: 'abc', toolCalls: [], createdAt: 0 },
    });
    await until(() => count() === '3 of 5');
    expect(finds()).toHaveLength(2);
    expect(useReveal.getState().target).toBe(target);

    // Its hit gone, the current one is the hit now in its place, shown only on Enter.
    result = { hits: [hit('s1:0'), hit('s1:1'), hit('s1:4')], truncated: false };
    fake.emit('chat.event', { type: 'turn.finished', sessionId: 's1', turnId: 't1', status: 'done' });
    await until(() => count() === '3 of 3');
    expect(useReveal.getState().target).toBe(target);
    press(input(), 'Enter');
    expect(count()).toBe('3 of 3');
    expect(useReveal.getState().target).toMatchObject({ messageId: 's1:4' });
  });

  it('closes when another session is shown', async () => {
    await openBar();
    act(() => useChat.setState({ sessionId: 's2' }));
    expect(bar()).toBeNull();
  });
});
