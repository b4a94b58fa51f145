// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { rowIndexOf, rowsHoldingSelection, selectionText, withKeptRows } from './selectionRows';

/** A list holding `drawn` rows (index → text), as the virtual transcript draws them. */
function list(drawn: Record<number, string>, { outline = [] as number[] } = {}): HTMLElement {
  const host = document.createElement('div');
  for (const [index, text] of Object.entries(drawn)) {
    const row = document.createElement('div');
    row.className = outline.includes(Number(index)) ? 'transcript-row transcript-seek' : 'transcript-row';
    row.dataset.index = index;
    row.innerHTML = `<p>${text}</p>`;
    host.append(row);
  }
  document.body.append(host);
  return host;
}

const textOf = (host: HTMLElement, index: number) =>
  host.querySelector(`[data-index="${index}"] p`)?.firstChild as Text;

afterEach(() => {
  document.getSelection()?.removeAllRanges();
  document.body.replaceChildren();
});

describe('the rows holding a selection', () => {
  it('finds the row of a node, and none outside the list or in an outline', () => {
    const host = list({ 3: 'three', 4: 'four' }, { outline: [4] });
    const outside = document.createElement('p');
    document.body.append(outside);
    expect(rowIndexOf(host, textOf(host, 3))).toBe(3);
    expect(rowIndexOf(host, host.querySelector('[data-index="3"]'))).toBe(3);
    expect(rowIndexOf(host, textOf(host, 4))).toBeUndefined();
    expect(rowIndexOf(host, outside)).toBeUndefined();
    expect(rowIndexOf(host, null)).toBeUndefined();
  });

  it('names the rows of the anchor and the focus, and a caret alone', () => {
    const host = list({ 2: 'two', 9: 'nine' });
    const selection = document.getSelection()!;
    expect(rowsHoldingSelection(host, selection)).toEqual([]);
    selection.collapse(textOf(host, 9), 2);
    expect(rowsHoldingSelection(host, selection)).toEqual([9]);
    selection.setBaseAndExtent(textOf(host, 9), 2, textOf(host, 2), 1);
    expect(rowsHoldingSelection(host, selection)).toEqual([9, 2]);
  });

  it('adds kept rows to the drawn ones in order, once, and only rows that exist', () => {
    expect(withKeptRows([4, 5, 6], [], 10)).toEqual([4, 5, 6]);
    expect(withKeptRows([4, 5, 6], [9, 1, 5], 10)).toEqual([1, 4, 5, 6, 9]);
    expect(withKeptRows([4, 5], [12, -1], 10)).toEqual([4, 5]);
  });
});

describe('the text a selection copies', () => {
  const fromData = (i: number) => `row ${i} from the transcript`;

  it('leaves the copy to the browser when every row between the ends is drawn', () => {
    const host = list({ 1: 'one', 2: 'two', 3: 'three' });
    const selection = document.getSelection()!;
    selection.setBaseAndExtent(textOf(host, 1), 1, textOf(host, 3), 2);
    expect(selectionText(host, selection, fromData)).toBeUndefined();
  });

  it('fills the rows not drawn from the transcript, between the selected parts of the drawn ones', () => {
    const host = list({ 1: 'alpha beta', 2: 'gamma', 6: 'delta epsilon' });
    const selection = document.getSelection()!;
    // Made backwards, from the end up, as a Shift+click above a caret makes it.
    selection.setBaseAndExtent(textOf(host, 6), 5, textOf(host, 1), 6);
    expect(selectionText(host, selection, fromData)).toBe(
      [
        'beta',
        'gamma',
        'row 3 from the transcript',
        'row 4 from the transcript',
        'row 5 from the transcript',
        'delta',
      ].join('\n\n'),
    );
    // The reader's selection is as it was, direction and all.
    expect(selection.anchorNode).toBe(textOf(host, 6));
    expect(selection.anchorOffset).toBe(5);
    expect(selection.focusNode).toBe(textOf(host, 1));
    expect(selection.focusOffset).toBe(6);
  });

  it('counts a row drawn as an outline as not drawn, and skips rows with no text', () => {
    const host = list({ 1: 'one', 2: 'outline', 3: 'three' }, { outline: [2] });
    const selection = document.getSelection()!;
    selection.setBaseAndExtent(textOf(host, 1), 0, textOf(host, 3), 5);
    expect(selectionText(host, selection, (i) => (i === 2 ? 'two' : ''))).toBe('one\n\ntwo\n\nthree');
    expect(selectionText(host, selection, () => '')).toBe('one\n\nthree');
  });

  it('leaves a caret, and a selection reaching outside the list, to the browser', () => {
    const host = list({ 1: 'one', 5: 'five' });
    const outside = document.createElement('p');
    outside.textContent = 'sidebar';
    document.body.prepend(outside);
    const selection = document.getSelection()!;
    selection.collapse(textOf(host, 5), 1);
    expect(selectionText(host, selection, fromData)).toBeUndefined();
    selection.setBaseAndExtent(outside.firstChild!, 0, textOf(host, 5), 2);
    expect(selectionText(host, selection, fromData)).toBeUndefined();
  });
});
