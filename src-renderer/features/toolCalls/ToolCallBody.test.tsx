// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolOutputPage } from '../../../src-shared/ipc/chatSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge } from '../../testing/fakeBridge';
import { emptyChat, type ToolCallState } from '../chat/chatReducer';
import { useChat } from '../chat/chatStore';
import { ToolCallBody } from './ToolCallBody';
import { useToolOutputs } from './toolOutputs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A search tool's reply of about 1 KB: JSON with no output text, longer than what sessions.get sends.
const JSON_RESULT = JSON.stringify({
  matches: Array.from({ length: 16 }, (_, i) => ({ path: `src/module${i}/index.ts`, line: i * 7 + 1 })),
  truncated: false,
});
const OUTPUT = Array.from({ length: 60 }, (_, i) => `line ${i + 1} of the build`).join('\n');

const base: ToolCallState = {
  id: 'c1',
  name: 'search_files',
  emoji: '',
  args: '{"pattern":"index"}',
  argsPreview: 'index',
  taskId: 's1',
  status: 'ok',
  startedAt: 0,
  durationMs: 5,
  output: '',
};

/** The page main's `sessions.toolOutput` gives for each stored result. */
const PAGES: Record<string, ToolOutputPage> = {
  json: { text: JSON_RESULT, total: JSON_RESULT.length, wholeResult: true },
  output: { text: OUTPUT, total: OUTPUT.length },
};
let roots: { root: Root; host: HTMLElement }[] = [];

beforeEach(() => {
  const fake = createFakeBridge({
    'sessions.toolOutput': (input) => PAGES[(input as { callId: string }).callId]!,
  });
  setBridge(fake.bridge);
  useToolOutputs.setState({ outputs: {} });
  useChat.setState({ ...emptyChat(), sessionId: 's1' });
});

afterEach(() => {
  for (const { root, host } of roots) {
    act(() => root.unmount());
    host.remove();
  }
  roots = [];
});

function render(call: ToolCallState): HTMLElement {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  roots.push({ root, host });
  act(() => root.render(<ToolCallBody call={call} id="body" />));
  return host;
}

async function loaded(host: HTMLElement) {
  const ready = () => !host.querySelector('[data-testid="tool-output-loading"]');
  for (let i = 0; i < 200 && !ready(); i++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
  expect(ready()).toBe(true);
}

const titles = (host: HTMLElement) => [...host.querySelectorAll('h4')].map((h) => h.textContent);

describe('an opened card whose result was left in the database', () => {
  it('shows a JSON result formatted under Result, as when it came with the session', async () => {
    // What sessions.get sent when results this long were sent: the result, no output text.
    const inline = render({ ...base, id: 'json', result: JSON_RESULT });
    const fetched = render({ ...base, id: 'json', outputSize: JSON_RESULT.length });
    await loaded(fetched);
    expect(titles(inline)).toEqual(['Arguments', 'Result']);
    expect(fetched.innerHTML).toBe(inline.innerHTML);
    expect(fetched.querySelector('[data-testid="tool-output"]')?.textContent).toContain('"matches": [');
  });

  it('shows no Result beside the error a failed JSON result names, as when it came with the session', async () => {
    const failed = { ...base, id: 'json', status: 'error' as const, errorText: 'no such folder' };
    const inline = render({ ...failed, result: '' });
    const fetched = render({ ...failed, outputSize: JSON_RESULT.length });
    await loaded(fetched);
    expect(titles(inline)).toEqual(['Arguments']);
    expect(fetched.innerHTML).toBe(inline.innerHTML);
  });

  it('shows output text under Output, as when it came with the session', async () => {
    const result = JSON.stringify({ output: OUTPUT, exit_code: 0 });
    const inline = render({ ...base, id: 'output', result: '', outputText: OUTPUT, exitCode: 0 });
    const fetched = render({ ...base, id: 'output', outputSize: result.length, exitCode: 0 });
    await loaded(fetched);
    expect(titles(inline)).toEqual(['Arguments', 'Output']);
    expect(fetched.innerHTML).toBe(inline.innerHTML);
  });
});
