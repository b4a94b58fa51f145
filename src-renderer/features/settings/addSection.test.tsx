// @vitest-environment jsdom
/**
 * The "add a settings section" recipe of docs/architecture.md, followed with a throwaway
 * section: its component (with its own styles) and one entry in ./sections.ts (mocked here).
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./sections', async (importOriginal) => {
  const real = await importOriginal<{ SETTINGS_SECTIONS: readonly { id: string }[] }>();
  const { FakeSection } = await import('./testing/FakeSection');
  return {
    // The real sections are checked below; the page here holds the new one alone.
    REAL_IDS: real.SETTINGS_SECTIONS.map((s) => s.id),
    SETTINGS_SECTIONS: [{ id: 'fake', label: 'Fake things', Component: FakeSection }],
  };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { SettingsDialog } = await import('./SettingsDialog');
const { REAL_IDS } = (await import('./sections')) as unknown as { REAL_IDS: string[] };

describe('adding a settings section', () => {
  it('puts it in the side list and on the page from its one entry', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(<SettingsDialog onClose={() => {}} />));
    const nav = document.querySelector<HTMLElement>('[data-testid="settings-nav-fake"]');
    expect(nav?.textContent).toBe('Fake things');
    expect(document.querySelector('[data-testid="settings-fake"]')?.className).toContain('fake-section');
    await act(async () => root.unmount());
    host.remove();
  });

  it('leaves the real sections in their order', () => {
    expect(REAL_IDS).toEqual([
      'model',
      'terminal',
      'sandbox',
      'approvals',
      'sessions',
      'toolsets',
      'allowlist',
      'ledger',
      'memory',
      'mcp',
    ]);
  });
});
