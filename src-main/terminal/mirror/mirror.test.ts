import { afterEach, describe, expect, it } from 'vitest';
import { HeadlessMirror } from './mirror';
import { MirrorHub } from './mirrorHub';
import { readCells, renderCells } from './testing/cells';

const mirrors: HeadlessMirror[] = [];
function mirror(options: ConstructorParameters<typeof HeadlessMirror>[0]): HeadlessMirror {
  const made = new HeadlessMirror(options);
  mirrors.push(made);
  return made;
}
afterEach(() => mirrors.splice(0).forEach((m) => m.dispose()));

const COLOURS_AND_MOVES =
  '\x1b[1;31mred bold\x1b[0m plain \x1b[38;5;42mindexed\x1b[48;2;10;20;30m rgb-bg\x1b[0m\r\n' +
  Array.from({ length: 60 }, (_, i) => `line ${i} \x1b[4munder\x1b[24m`).join('\r\n') +
  '\x1b[3;5Hmoved\x1b[10D\x1b[7minverse\x1b[27m';

describe('HeadlessMirror', () => {
  it('round-trips: a snapshot written into a fresh terminal shows the same cells', async () => {
    const source = mirror({ cols: 30, rows: 8, scrollback: 500 });
    source.write(COLOURS_AND_MOVES);
    const { data } = await source.snapshot();
    const copy = mirror({ cols: 30, rows: 8, scrollback: 500 });
    copy.write(data);
    const expected = await renderCells(COLOURS_AND_MOVES, 30, 8);
    expect(readCells(await copy.parsed())).toEqual(expected);
    expect(expected.screen.some((row) => row.some((c) => c.fg !== 0))).toBe(true);
  });

  it('keeps the alternate screen, its cursor and the normal screen behind it', async () => {
    const bytes = 'normal text\r\n\x1b[?1049h\x1b[2J\x1b[H\x1b[32mfull screen app\x1b[0m\x1b[5;7H';
    const source = mirror({ cols: 20, rows: 6 });
    source.write(bytes);
    const copy = mirror({ cols: 20, rows: 6 });
    copy.write((await source.snapshot()).data);
    const got = readCells(await copy.parsed());
    expect(got).toEqual(await renderCells(bytes, 20, 6));
    expect(got.alternate).toBe(true);
    expect(got.cursor).toEqual({ x: 6, y: 4 });
  });

  it('holds at most its scrollback however much is written', async () => {
    const source = mirror({ cols: 20, rows: 5, scrollback: 100 });
    for (let i = 0; i < 5_000; i++) source.write(`row ${i}\r\n`);
    const copy = mirror({ cols: 20, rows: 5, scrollback: 10_000 });
    copy.write((await source.snapshot()).data);
    const got = readCells(await copy.parsed());
    expect(got.length).toBeLessThanOrEqual(105);
    expect(
      got.screen
        .at(-2)
        ?.map((c) => c.char)
        .join(''),
    ).toContain('row 4999');
  });

  it('a snapshot includes everything written before it and nothing after', async () => {
    const source = mirror({ cols: 20, rows: 5 });
    source.write('before\r\n');
    const taken = source.snapshot();
    source.write('after\r\n');
    const { data } = await taken;
    expect(data).toContain('before');
    expect(data).not.toContain('after');
  });
});

describe('MirrorHub', () => {
  it('shares a screen between streams, keeps its final screen when the last ends, and releases the mirror', async () => {
    const made: HeadlessMirror[] = [];
    const hub = new MirrorHub({ create: (o) => made[made.push(mirror(o)) - 1] as HeadlessMirror });
    const first = hub.acquire('task:t', 's1', 'c1');
    expect(hub.acquire('task:t', 's2', 'c2')).toBe(first);
    first.write('final words\r\n');
    await hub.release('task:t', 's1');
    expect(hub.liveCount).toBe(1);
    await hub.release('task:t', 's2');
    expect(hub.liveCount).toBe(0);
    await expect(first.snapshot()).rejects.toThrow(/released/);
    const [[screen, final] = []] = hub.finishedScreens();
    expect(screen).toBe('task:t');
    expect(final).toMatchObject({ streamId: 's2', toolCallId: 'c2' });
    expect(final?.data).toContain('final words');
    // A later command of the task starts from that screen.
    const next = hub.acquire('task:t', 's3', 'c3');
    expect((await next.snapshot()).data).toContain('final words');
    expect(hub.finishedScreens()).toEqual([]);
    hub.dispose();
  });

  it('keeps a bounded number of final screens, each bounded in size', async () => {
    const hub = new MirrorHub({ maxFinished: 2, maxFinishedChars: 100, create: (o) => mirror(o) });
    for (const t of ['a', 'b', 'c']) {
      hub.acquire(`task:${t}`, t, t).write(`${t.repeat(30)}\r\n`.repeat(20));
      await hub.release(`task:${t}`, t);
    }
    const finished = hub.finishedScreens();
    expect(finished.map(([s]) => s)).toEqual(['task:b', 'task:c']);
    for (const [, screen] of finished) expect(screen.data.length).toBeLessThanOrEqual(100);
  });
});
