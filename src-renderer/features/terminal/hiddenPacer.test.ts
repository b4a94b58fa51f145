import { describe, expect, it } from 'vitest';
import { HiddenPacer, type ScreenStart } from './hiddenPacer';

function setup(charsPerTick = 10, holdScreens = () => false) {
  const written: Array<[key: string, streamId: string, data: string]> = [];
  const starts: Array<[key: string, data: string, start: ScreenStart]> = [];
  const dropped: Array<[streamId: string, chars: number]> = [];
  const ticks: Array<() => void> = [];
  const pacer = new HiddenPacer({
    write: (key, streamId, data, start) => {
      written.push([key, streamId, data]);
      if (start) starts.push([key, data, start]);
    },
    dropped: (streamId, chars) => dropped.push([streamId, chars]),
    charsPerTick,
    holdScreens: () => holdScreens(),
    schedule: (tick) => void ticks.push(tick),
  });
  const tick = () => ticks.shift()?.();
  const text = (key: string) =>
    written
      .filter(([k]) => k === key)
      .map(([, , d]) => d)
      .join('');
  return { pacer, written, starts, dropped, ticks, tick, text };
}

describe('HiddenPacer', () => {
  it('writes output of a tab in view at once', () => {
    const { pacer, written, ticks } = setup();
    pacer.push('a', 's', 'hello world, longer than a tick', true);
    expect(written).toEqual([['a', 's', 'hello world, longer than a tick']]);
    expect(ticks).toHaveLength(0);
  });

  it('writes output of hidden tabs a bounded amount per tick, in order, and all of it in the end', () => {
    const { pacer, written, tick, text } = setup(10);
    pacer.push('a', 's1', 'abcdefghij', false);
    pacer.push('a', 's1', 'klmnopqrstuvwxyz', false);
    pacer.push('b', 's2', '0123456789', false);
    expect(written).toEqual([]);
    tick();
    expect(written.reduce((n, [, , d]) => n + d.length, 0)).toBe(10);
    for (let i = 0; i < 10; i++) tick();
    expect(text('a')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(text('b')).toBe('0123456789');
  });

  it('keeps later output of a tab behind what it holds for it, even once the tab is in view', () => {
    const { pacer, text, tick } = setup(4);
    pacer.push('a', 's', 'first;', false);
    pacer.push('a', 's', 'second', true);
    expect(text('a')).toBe('');
    tick();
    tick();
    tick();
    expect(text('a')).toBe('first;second');
  });

  it('writes everything held for a tab when it is shown', () => {
    const { pacer, text } = setup(1);
    pacer.push('a', 's', 'all of this', false);
    pacer.push('b', 's2', 'not this', false);
    pacer.show('a');
    expect(text('a')).toBe('all of this');
    expect(text('b')).toBe('');
  });

  it('drops what it holds for a tab whose screen is replaced, and reports it as handled', () => {
    const { pacer, text, dropped, tick } = setup(100);
    pacer.push('a', 's', 'old', false);
    pacer.push('a', 't', 'older', false);
    pacer.drop('a');
    tick();
    expect(text('a')).toBe('');
    expect(dropped).toEqual([
      ['s', 3],
      ['t', 5],
    ]);
  });

  it("paces a hidden tab's snapshot like its output, marking only its first part as a new screen", () => {
    const { pacer, text, starts, tick } = setup(4);
    const size = { cols: 80, rows: 24 };
    pacer.push('a', 's', 'screen-now', false, { size });
    pacer.push('a', 's', '+live', false);
    expect(text('a')).toBe('');
    tick();
    expect(text('a')).toBe('scre');
    expect(starts).toEqual([['a', 'scre', { size }]]);
    for (let i = 0; i < 5; i++) tick();
    expect(text('a')).toBe('screen-now+live');
    expect(starts).toHaveLength(1);
  });

  it('writes a held snapshot whole, with its start, when the tab is shown', () => {
    const { pacer, text, starts } = setup(1);
    pacer.push('a', 's', 'the screen', false, {});
    pacer.show('a');
    expect(text('a')).toBe('the screen');
    expect(starts).toEqual([['a', 'the screen', {}]]);
  });

  it('passes the start of a snapshot for a tab in view straight through', () => {
    const { pacer, starts, ticks } = setup(1);
    pacer.push('a', 's', 'shown now', true, {});
    expect(starts).toEqual([['a', 'shown now', {}]]);
    expect(ticks).toHaveLength(0);
  });

  it("holds hidden tabs' snapshots whole while asked, goes on with their other output, and resumes after", () => {
    let hold = true;
    const { pacer, text, starts, tick } = setup(4, () => hold);
    pacer.push('a', 's', 'restored', false, {});
    pacer.push('b', 't', 'live', false);
    for (let i = 0; i < 5; i++) tick();
    expect(text('a')).toBe('');
    expect(text('b')).toBe('live');
    hold = false;
    for (let i = 0; i < 5; i++) tick();
    expect(text('a')).toBe('restored');
    expect(starts).toEqual([['a', 'rest', {}]]);
  });

  it('holds the rest of a snapshot already begun, and writes all of it when the tab is shown', () => {
    let hold = false;
    const { pacer, text, tick, ticks } = setup(4, () => hold);
    pacer.push('a', 's', 'screen-now', false, {});
    pacer.push('a', 's', '+live', false);
    tick();
    expect(text('a')).toBe('scre');
    hold = true;
    for (let i = 0; i < 5; i++) tick();
    expect(text('a')).toBe('scre');
    pacer.show('a');
    expect(text('a')).toBe('screen-now+live');
    tick();
    expect(ticks).toHaveLength(0);
  });
});
