// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemoryEntry } from '../../../src-shared/ipc/schemas';
import { setBridge } from '../../api/client';
import { useMemoryEntries } from './memoryEntriesStore';
import { useSettings } from './settingsStore';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { MemorySection } from './MemorySection';
import { useSessions } from '../sessions/sessionsStore';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let entries: MemoryEntry[];
let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
/** Lets the fake bridge's replies land until `done` holds; fails naming what never happened. */
async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await act(async () => await Promise.resolve());
  expect(done(), what).toBe(true);
}

beforeEach(async () => {
  entries = [
    {
      text: 'always run approvals in allow mode',
      writtenAt: Date.UTC(2026, 0, 2),
      sessionId: 'session-abcdef',
    },
    { text: 'Written by hand.', writtenAt: null, sessionId: null },
  ];
  fake = createFakeBridge({
    'memory.list': () => entries,
    'memory.remove': (input) =>
      (entries = entries.filter((e) => e.text !== (input as { text: string }).text)),
  });
  setBridge(fake.bridge);
  useMemoryEntries.setState({ entries: [] });
  useSettings.setState({ settings: undefined });
  useSessions.setState({
    sessions: [
      { id: 'session-abcdef', title: 'Tidy the approvals', createdAt: 1, updatedAt: 1, messageCount: 2 },
    ],
  });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<MemorySection />));
  await until('the entries are listed', () => all('memory-entry').length === 2);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('MemorySection', () => {
  it('lists each entry with when and in which session it was written, and removes one', async () => {
    const shown = all('memory-entry').map((li) => li.textContent ?? '');
    expect(shown[0]).toContain('always run approvals in allow mode');
    // Named by its title, not by the tail of its id.
    expect(shown[0]).toContain('Tidy the approvals');
    expect(shown[0]).not.toContain('…abcdef');
    expect(shown[1]).toContain('Not written by the agent');

    await act(async () => all('memory-remove')[0]?.click());
    await until('the entry is gone', () => all('memory-entry').length === 1);
    expect(fake.calls.filter((c) => c.name === 'memory.remove').map((c) => c.input)).toEqual([
      { text: 'always run approvals in allow mode' },
    ]);
    expect(all('memory-entry').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Written by hand.'),
    ]);
  });
});
