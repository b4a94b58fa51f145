// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazyPart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function Greeting({ name }: { name: string }) {
  return <p data-testid="greeting">Hello {name}</p>;
}

/** A chunk load the test settles by hand. */
function chunk() {
  let settle: { resolve(): void; reject(err: Error): void } | undefined;
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        settle = { resolve: () => resolve(Greeting), reject };
      }),
  );
  return { load, settle: () => settle! };
}

const find = (id: string) => host.querySelector(`[data-testid="${id}"]`);

describe('lazyPart', () => {
  it('holds the place while the code loads, then draws the part', async () => {
    const { load, settle } = chunk();
    const Part = lazyPart(load, { label: 'the greeting', className: 'greeting-slot' });
    act(() => root.render(<Part name="Ada" />));
    expect(find('lazy-part')?.className).toContain('greeting-slot');
    expect(find('greeting')).toBeNull();
    await act(async () => settle().resolve());
    expect(find('greeting')?.textContent).toBe('Hello Ada');
    expect(find('lazy-part')).toBeNull();
  });

  it('shows an error with a retry when the code fails to load, and the retry loads it', async () => {
    const { load, settle } = chunk();
    const Part = lazyPart(load, { label: 'the greeting' });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => root.render(<Part name="Ada" />));
    await act(async () => settle().reject(new Error('Failed to fetch dynamically imported module')));
    quiet.mockRestore();
    expect(find('lazy-part-failed')?.textContent).toContain('Could not load the greeting.');
    act(() => (find('lazy-part-retry') as HTMLButtonElement).click());
    expect(load).toHaveBeenCalledTimes(2);
    expect(find('lazy-part-failed')).toBeNull();
    await act(async () => settle().resolve());
    expect(find('greeting')?.textContent).toBe('Hello Ada');
  });

  it('offers to reload the page when a retry fails too', async () => {
    const { load, settle } = chunk();
    const Part = lazyPart(load, { label: 'the greeting' });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => root.render(<Part name="Ada" />));
    await act(async () => settle().reject(new Error('offline')));
    expect(find('lazy-part-reload')).toBeNull();
    act(() => (find('lazy-part-retry') as HTMLButtonElement).click());
    await act(async () => settle().reject(new Error('offline')));
    quiet.mockRestore();
    expect(find('lazy-part-failed')).not.toBeNull();
    expect(find('lazy-part-reload')?.textContent).toBe('Reload the page');
  });

  it('draws a preloaded part at once, without a placeholder', async () => {
    const { load, settle } = chunk();
    const Part = lazyPart(load, { label: 'the greeting' });
    const preloaded = Part.preload();
    settle().resolve();
    await preloaded;
    act(() => root.render(<Part name="Grace" />));
    expect(find('greeting')?.textContent).toBe('Hello Grace');
  });

  it('shows what `pending` gives while loading, and a frame around the error', async () => {
    const { load, settle } = chunk();
    const Part = lazyPart(load, {
      label: 'the greeting',
      pending: ({ name }) => <p data-testid="pending">{name}</p>,
      frame: (_, body) => <section data-testid="frame">{body}</section>,
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => root.render(<Part name="Ada" />));
    expect(find('pending')?.textContent).toBe('Ada');
    await act(async () => settle().reject(new Error('offline')));
    quiet.mockRestore();
    expect(find('frame')?.querySelector('[data-testid="lazy-part-failed"]')).not.toBeNull();
  });
});

describe('lazyPart once loaded', () => {
  it('keeps the state of a part drawn before its code loaded when the page draws it again', async () => {
    function Counter({ label }: { label: string }) {
      const [count, setCount] = useState(0);
      return (
        <button type="button" data-testid="counter" onClick={() => setCount((n) => n + 1)}>
          {label} {count}
        </button>
      );
    }
    let done: () => void = () => undefined;
    const Part = lazyPart(
      () =>
        new Promise<typeof Counter>((resolve) => {
          done = () => resolve(Counter);
        }),
      { label: 'the counter' },
    );
    act(() => root.render(<Part label="a" />));
    await act(async () => done());
    act(() => (find('counter') as HTMLButtonElement).click());
    act(() => root.render(<Part label="b" />));
    expect(find('counter')?.textContent).toBe('b 1');
  });
});
