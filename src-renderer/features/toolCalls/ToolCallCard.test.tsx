// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FindHit } from '../../../src-shared/ipc/findSchemas';
import { emptyChat, type ToolCallState } from '../chat/chatReducer';
import { useChat } from '../chat/chatStore';
import { useFind } from '../chat/findStore';
import { useReveal } from '../chat/revealStore';
import { ToolCallCard } from './ToolCallCard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const scrolled: Element[] = [];
Element.prototype.scrollIntoView = function (this: Element) {
  scrolled.push(this);
};

const OUTPUT = Array.from({ length: 40 }, (_, i) =>
  i === 29 ? 'line 30 has the Needle' : `line ${i + 1}`,
).join('\n');
const AT = OUTPUT.indexOf('Needle');

function call(id: string): ToolCallState {
  return {
    id,
    name: 'terminal',
    emoji: '',
    args: '{"command":"ls"}',
    argsPreview: 'ls',
    taskId: 's1',
    status: 'ok',
    startedAt: 0,
    durationMs: 5,
    result: JSON.stringify({ output: OUTPUT }),
    outputText: OUTPUT,
    output: '',
  };
}

const hit: FindHit = {
  messageId: 's1:1',
  toolCallId: 'c1',
  role: 'tool',
  field: 'output',
  offset: AT,
  length: 6,
  snippet: { before: 'line 30 has the ', match: 'Needle', after: '' },
};

let root: Root;
let host: HTMLElement;
const card = (id: string) => document.querySelector<HTMLElement>(`[data-call-id="${id}"]`)!;
const expanded = (id: string) => card(id).querySelector('.tool-call-header')?.getAttribute('aria-expanded');

beforeEach(() => {
  useChat.setState({ ...emptyChat(), sessionId: 's1', toolCalls: { c1: call('c1'), c2: call('c2') } });
  useReveal.setState({ target: undefined });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <>
        <ToolCallCard id="c1" />
        <ToolCallCard id="c2" />
      </>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  useFind.getState().close();
  scrolled.length = 0;
});

describe('a card and find-in-session', () => {
  it('opens when revealed, shows all its output with the hit marked and scrolls to it', () => {
    expect(expanded('c1')).toBe('false');
    act(() => {
      useFind.setState({ open: true, hits: [hit], index: 0, searched: { sessionId: 's1', query: 'needle' } });
      useReveal.getState().reveal({ messageId: 's1:1', toolCallId: 'c1' });
    });
    expect(expanded('c1')).toBe('true');
    expect(expanded('c2')).toBe('false');
    expect(card('c1').classList.contains('find-target')).toBe(true);
    const mark = card('c1').querySelector('[data-testid="find-current"]');
    expect(mark?.textContent).toBe('Needle');
    expect(card('c1').querySelector('[data-testid="tool-output"]')?.textContent).toBe(OUTPUT);
    expect(scrolled.length).toBeGreaterThan(0);
  });

  it('goes back to the excerpt, still open, when the find closes', () => {
    act(() => {
      useFind.setState({ open: true, hits: [hit], index: 0, searched: { sessionId: 's1', query: 'needle' } });
      useReveal.getState().reveal({ messageId: 's1:1', toolCallId: 'c1' });
    });
    act(() => useFind.getState().close());
    expect(expanded('c1')).toBe('true');
    expect(card('c1').querySelector('[data-testid="find-current"]')).toBeNull();
    expect(card('c1').querySelector('[data-testid="tool-hidden-lines"]')).not.toBeNull();
    expect(card('c1').classList.contains('find-target')).toBe(false);
  });
});
