// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolOutputPage } from '../../../src-shared/ipc/chatSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { emptyChat } from '../chat/chatReducer';
import { useChat } from '../chat/chatStore';
import { StoredOutput } from './StoredOutput';
import { OUTPUT_PAGE, useToolOutputs } from './toolOutputs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OUTPUT = Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}`).join('\n');
let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
let copied: string[];
/** The reply to a request for more than the first page, held until the test lets it go. */
let rest: { resolve: (page: ToolOutputPage) => void; reject: (err: Error) => void } | undefined;

const copy = () => host.querySelector<HTMLButtonElement>('[data-testid="tool-output-copy"]')!;
const copyError = () => host.querySelector('[data-testid="tool-output-copy-error"]')?.textContent;

async function until(ready: () => boolean) {
  for (let i = 0; i < 200 && !ready(); i++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
  expect(ready()).toBe(true);
}

beforeEach(() => {
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
  });
  fake = createFakeBridge({
    'sessions.toolOutput': (input) => {
      const { offset, limit } = input as { offset: number; limit: number };
      const page = { text: OUTPUT.slice(offset, offset + limit), total: OUTPUT.length };
      if (offset === 0) return page;
      // The fake replies with whatever the handler returns; a promise is awaited with the reply.
      return new Promise<ToolOutputPage>(
        (resolve, reject) => (rest = { resolve, reject }),
      ) as unknown as ToolOutputPage;
    },
  });
  setBridge(fake.bridge);
  useToolOutputs.setState({ outputs: {} });
  useChat.setState({ ...emptyChat(), sessionId: 's1' });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<StoredOutput callId="c1" />));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  rest = undefined;
});

describe('Copy on a stored output only partly loaded', () => {
  it('fetches the rest, says it is busy meanwhile, and copies the whole output', async () => {
    await until(() => host.querySelector('[data-testid="tool-output-more"]') !== null);
    expect(OUTPUT.length).toBeGreaterThan(OUTPUT_PAGE);
    act(() => copy().click());
    await until(() => rest !== undefined);
    expect(copy().getAttribute('aria-busy')).toBe('true');
    expect(copy().textContent).toBe('Copying…');
    act(() => copy().click());
    expect(fake.calls.filter((c) => c.name === 'sessions.toolOutput')).toHaveLength(2);
    rest?.resolve({ text: OUTPUT.slice(OUTPUT_PAGE), total: OUTPUT.length });
    await until(() => copied.length === 1);
    expect(copied[0]).toBe(OUTPUT);
    await until(() => copy().textContent === 'Copied');
    expect(copy().hasAttribute('aria-busy')).toBe(false);
  });

  it('says clearly when the rest could not be fetched, and copies nothing', async () => {
    await until(() => host.querySelector('[data-testid="tool-output-more"]') !== null);
    act(() => copy().click());
    await until(() => rest !== undefined);
    rest?.reject(new Error('the server went away'));
    await until(() => copyError() !== undefined);
    expect(copyError()).toBe('Could not copy: the rest of the output did not load (the server went away)');
    expect(host.querySelector('[role="alert"]')).not.toBeNull();
    expect(copied).toEqual([]);
    expect(copy().textContent).toBe('Copy');
  });
});
