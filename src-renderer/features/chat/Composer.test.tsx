// @vitest-environment jsdom
import { act, Profiler } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { emptyChat } from './chatReducer';
import { useChat } from './chatStore';
import { Composer } from './Composer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
const chips = () => [...document.querySelectorAll<HTMLElement>('[data-testid="attachment-chip"]')];
const box = () => document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;

/** A paste or drop event carrying files, as a browser raises it. */
function raise(target: Element, type: 'paste' | 'drop', files: File[]) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  const data = { files, types: ['Files'] };
  Object.defineProperty(event, type === 'paste' ? 'clipboardData' : 'dataTransfer', { value: data });
  act(() => void target.dispatchEvent(event));
  return event;
}

/** Lets the file readers finish, a task at a time, until `ready` holds. */
async function until(ready: () => boolean) {
  for (let i = 0; i < 200 && !ready(); i++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  expect(ready()).toBe(true);
}

function type(text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(box(), text);
    box().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(() => {
  fake = createFakeBridge({ 'chat.send': () => ({ sessionId: 's1', turnId: 't1' }) });
  setBridge(fake.bridge);
  localStorage.clear();
  useChat.setState(emptyChat());
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<Composer />));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

const send = () => document.querySelector<HTMLButtonElement>('[data-testid="chat-send"]')!;

describe('typing', () => {
  it('draws the composer again only when what it shows changes, not on every key', () => {
    let renders = 0;
    act(() =>
      root.render(
        <Profiler id="composer" onRender={() => renders++}>
          <Composer />
        </Profiler>,
      ),
    );
    renders = 0;
    type('h');
    expect(send().disabled).toBe(false);
    const afterFirst = renders;
    expect(afterFirst).toBeGreaterThan(0);
    for (const text of ['he', 'hel', 'hell', 'hello']) type(text);
    expect(renders).toBe(afterFirst);
    expect(box().value).toBe('hello');
    type('   ');
    expect(send().disabled).toBe(true);
  });

  it('sends what was typed and empties the box', async () => {
    type('run the tests');
    await act(async () => {
      send().click();
      await Promise.resolve();
    });
    expect(fake.calls.find((c) => c.name === 'chat.send')?.input).toMatchObject({ text: 'run the tests' });
    expect(box().value).toBe('');
    expect(send().disabled).toBe(true);
  });

  it("puts Stop in Send's place while a turn runs, so the composer keeps its buttons' count", () => {
    const shown = () =>
      [...document.querySelectorAll<HTMLButtonElement>('.composer-buttons button')].filter((b) => !b.hidden);
    type('next');
    const idle = shown().map((b) => b.dataset.testid);
    expect(idle).toEqual(['attach-file', 'chat-send']);
    act(() => useChat.setState({ status: 'running' }));
    expect(shown().map((b) => b.dataset.testid)).toEqual(['attach-file', 'stop-button']);
    expect(send().disabled).toBe(true);
    act(() => useChat.setState({ status: 'cancelling' }));
    expect(shown().map((b) => b.dataset.testid)).toEqual(['attach-file', 'stop-button']);
    act(() => useChat.setState({ status: 'idle' }));
    expect(shown().map((b) => b.dataset.testid)).toEqual(idle);
    expect(send().disabled).toBe(false);
  });

  it("keeps each session's draft: written once typing pauses, on leaving the session, and when the page goes", () => {
    vi.useFakeTimers();
    type('first draft');
    expect(localStorage.getItem('caduceus.draft.new')).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(localStorage.getItem('caduceus.draft.new')).toBe('first draft');

    type('first draft, longer');
    act(() => useChat.setState({ sessionId: 's2' }));
    expect(localStorage.getItem('caduceus.draft.new')).toBe('first draft, longer');
    expect(box().value).toBe('');
    expect(send().disabled).toBe(true);

    type('second');
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('caduceus.draft.s2')).toBe('second');

    act(() => useChat.setState({ sessionId: undefined }));
    expect(box().value).toBe('first draft, longer');
    expect(send().disabled).toBe(false);
  });
});

describe('files in the composer', () => {
  it('makes a chip of a pasted image and sends it with the message as base64', async () => {
    const pasted = raise(box(), 'paste', [new File(['PNGBYTES'], 'shot.png', { type: 'image/png' })]);
    expect(pasted.defaultPrevented).toBe(true);
    await until(() => chips().length === 1);
    expect(chips()[0]?.dataset.kind).toBe('image');
    expect(chips()[0]?.textContent).toBe('shot.png');

    type('what is this?');
    await act(async () => {
      box().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await Promise.resolve();
    });
    const send = fake.calls.find((c) => c.name === 'chat.send');
    expect(send?.input).toMatchObject({
      text: 'what is this?',
      files: [{ name: 'shot.png', kind: 'image', mime: 'image/png', data: btoa('PNGBYTES') }],
    });
    await until(() => chips().length === 0);
  });

  it('makes chips of dropped files by kind, lets one be removed, and says what is too big', async () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    raise(document.querySelector('form')!, 'drop', [
      new File(['# notes'], 'notes.md', { type: 'text/markdown' }),
      new File([new Uint8Array([0, 1, 2])], 'data.bin', { type: 'application/octet-stream' }),
      big,
    ]);
    await until(() => chips().length === 2);
    expect(chips().map((c) => c.dataset.kind)).toEqual(['text', 'file']);
    expect(document.querySelector('[data-testid="attachment-error"]')?.textContent).toContain(
      'huge.png is 5.0 MB',
    );
    act(() => chips()[0]?.querySelector('button')?.click());
    expect(chips().map((c) => c.textContent)).toEqual(['data.bin']);
  });

  it('leaves a paste of plain text to the text box', () => {
    const pasted = raise(box(), 'paste', []);
    expect(pasted.defaultPrevented).toBe(false);
    expect(chips()).toHaveLength(0);
  });
});
