// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileDiff } from '../../../src-shared/fileDiff';
import { DiffView } from './DiffView';
import { FileDiffView, shownPath } from './FileDiffView';

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

const DIFF = [
  '--- a/src/a.ts',
  '+++ b/src/a.ts',
  '@@ -1,3 +1,4 @@',
  ' const a = 1;',
  '-const b = 2;',
  '+const b = 3;',
  '+const c = "<img src=x onerror=alert(1)>";',
  ' export { a };',
  '',
].join('\n');

const rows = () => [...host.querySelectorAll<HTMLElement>('tr.diff-row')];
const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('DiffView', () => {
  it('shows each line with its numbers and sign, highlighted, and counts the change', () => {
    act(() => root.render(<DiffView diff={DIFF} path="src/a.ts" testId="tool-diff" />));
    expect(host.querySelector('[data-testid="tool-diff"]')?.getAttribute('data-mode')).toBe('unified');
    expect(rows().map(cellTexts)).toEqual([
      ['1', '1', ' ', 'const a = 1;'],
      ['2', '', '-', 'const b = 2;'],
      ['', '2', '+', 'const b = 3;'],
      ['', '3', '+', 'const c = "<img src=x onerror=alert(1)>";'],
      ['3', '4', ' ', 'export { a };'],
    ]);
    expect(host.querySelector('.diff-counts')?.textContent).toBe('+2 −1');
    // TypeScript is highlighted, and a line's text stays text: no element comes out of it.
    expect(host.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(host.querySelector('img')).toBeNull();
  });

  it('sets removed lines beside the added ones in side-by-side mode', () => {
    act(() => root.render(<DiffView diff={DIFF} path="src/a.ts" />));
    const split = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Side by side');
    act(() => split?.click());
    expect(host.querySelector('[data-testid="diff-view"]')?.getAttribute('data-mode')).toBe('split');
    expect(split?.getAttribute('aria-pressed')).toBe('true');
    expect(rows().map(cellTexts)).toEqual([
      ['1', 'const a = 1;', '1', 'const a = 1;'],
      ['2', 'const b = 2;', '2', 'const b = 3;'],
      ['', '3', 'const c = "<img src=x onerror=alert(1)>";'],
      ['3', 'export { a };', '4', 'export { a };'],
    ]);
  });

  it('shows a file type it does not know as plain text', () => {
    act(() => root.render(<DiffView diff={DIFF} path="notes.unknown-ext" />));
    expect(host.querySelector('[class^="hljs-"]')).toBeNull();
    expect(rows()).toHaveLength(5);
  });
});

describe('FileDiffView', () => {
  it('shows a path inside the workspace relative to it, any other whole', () => {
    expect(shownPath('/w/src/a.ts', '/w')).toBe('src/a.ts');
    expect(shownPath('/w/src/a.ts', '/w/')).toBe('src/a.ts');
    expect(shownPath('/wx/a.ts', '/w')).toBe('/wx/a.ts');
    expect(shownPath('/etc/hosts', undefined)).toBe('/etc/hosts');
  });

  it('says why a write has no diff, with what it changed', () => {
    const big: FileDiff = {
      path: '/w/big.txt',
      created: true,
      added: 30_000,
      removed: 0,
      omitted: 'too-large',
    };
    act(() => root.render(<FileDiffView fileDiff={big} testId="tool-diff" />));
    const shown = host.querySelector('[data-testid="tool-diff"]');
    expect(shown?.textContent).toBe('created /w/big.txt +30000 −0 — diff too large to show');
    expect(shown?.querySelector('table')).toBeNull();
  });
});
