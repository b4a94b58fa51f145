// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
