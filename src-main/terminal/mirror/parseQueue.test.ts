import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@xterm/headless';
import { HeadlessMirror } from './mirror';

const made: HeadlessMirror[] = [];
afterEach(() => made.splice(0).forEach((m) => m.dispose()));

const encoder = new TextEncoder();

interface Fed {
  mirror: HeadlessMirror;
  /** Bytes xterm was handed (the rest were skipped). */
  parsedBytes(): number;
  accepted: number;
  released: number;
}

async function fedMirror(cols: number, rows: number, scrollback: number): Promise<Fed> {
  const mirror = new HeadlessMirror({ cols, rows, scrollback });
  made.push(mirror);
  const term: Terminal = await mirror.parsed();
  const write = vi.spyOn(term, 'write');
  const fed: Fed = {
    mirror,
    parsedBytes: () =>
      write.mock.calls.reduce(
        (sum, [data]) => sum + (typeof data === 'string' ? data.length : data.length),
        0,
      ),
    accepted: 0,
    released: 0,
  };
  return fed;
}

/** Writes `pieces` as the worker receives them: one UTF-8 chunk each. */
function feed(fed: Fed, pieces: readonly string[]): void {
  for (const piece of pieces) {
    let accepted = false;
    fed.mirror.writeBytes({
      bytes: encoder.encode(piece),
      accept: () => {
        expect(accepted).toBe(false);
        accepted = true;
        fed.accepted++;
      },
      release: () => {
        fed.released++;
      },
    });
  }
}

async function reference(
  pieces: readonly string[],
  cols: number,
  rows: number,
  scrollback: number,
): Promise<string> {
  const mirror = new HeadlessMirror({ cols, rows, scrollback });
  made.push(mirror);
  for (const piece of pieces) mirror.write(piece);
  return (await mirror.snapshot()).data;
}

/** `count` lines of base64-like text, CR LF ended, cut into pieces of about `size` characters. */
function plainLines(count: number, size = 16_000, from = 0): string[] {
  const text = Array.from({ length: count }, (_, i) => `line ${from + i} ${'QUJD'.repeat(15)}\r\n`).join('');
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

async function expectSame(pieces: string[], cols = 40, rows = 6, scrollback = 200): Promise<Fed> {
  const fed = await fedMirror(cols, rows, scrollback);
  feed(fed, pieces);
  expect((await fed.mirror.snapshot()).data).toBe(await reference(pieces, cols, rows, scrollback));
  return fed;
}

const total = (pieces: readonly string[]): number => pieces.reduce((n, p) => n + p.length, 0);

describe('ParseQueue', () => {
  it('parses only the tail of a flood of plain lines, and the snapshot is the same as parsing it all', async () => {
    const pieces = plainLines(20_000);
    const fed = await expectSame(pieces);
    expect(fed.parsedBytes()).toBeLessThan(total(pieces) / 4);
    expect(fed.released).toBe(pieces.length);
    expect(fed.accepted).toBe(pieces.length);
  });

  it('skips nothing that could change what stays: styles, moves, scroll regions, the alternate screen', async () => {
    const flood = plainLines(3_000);
    const cases: Record<string, string[]> = {
      'a style set mid-flood': [...flood.slice(0, 40), '\x1b[31mred\r\n', ...flood.slice(40)],
      'a style left open before': ['\x1b[44m', ...flood],
      'an escape cut across chunks': ['start\x1b[3', '1mstill red\r\n', ...flood],
      'an OSC left open': ['\x1b]0;title ', ...flood, '\x07after\r\n'],
      'a scroll region': ['\x1b[2;4r\x1b[3;1H', ...flood],
      'the alternate screen': ['\x1b[?1049h\x1b[2J', ...flood],
      'a C1 CSI': [...flood.slice(0, 20), 'x\u009b2Jy\r\n', ...flood.slice(20)],
      'line feeds without CR': [...flood.slice(0, 5), 'a\nb\nc\n'.repeat(3_000), ...flood.slice(5, 10)],
      'backspaces and reverse wrap': [
        '\x1b[?45h',
        ...flood.slice(0, 30),
        '\b'.repeat(50),
        ...flood.slice(30),
      ],
      'a tab stop cleared': ['\x1b[3g', ...flood, 'a\tb\r\n'],
      'insert mode': ['\x1b[4h', ...flood, '\rins'],
      'wide characters': [...flood.slice(0, 30), '漢字🙂é\r\n'.repeat(2_000), ...flood.slice(30)],
    };
    for (const [name, pieces] of Object.entries(cases)) {
      const fed = await fedMirror(30, 5, 100);
      feed(fed, pieces);
      expect((await fed.mirror.snapshot()).data, name).toBe(await reference(pieces, 30, 5, 100));
    }
  });

  it('parses output written before a resize at the old size, and skips nothing across it', async () => {
    const before = plainLines(2_000, 4_000);
    const after = plainLines(2_000, 4_000, 2_000);
    const fed = await fedMirror(40, 6, 100);
    const ref = new HeadlessMirror({ cols: 40, rows: 6, scrollback: 100 });
    made.push(ref);
    feed(fed, before);
    before.forEach((p) => ref.write(p));
    fed.mirror.resize(25, 12);
    ref.resize(25, 12);
    feed(fed, ['\x1b[33m', ...after]);
    ['\x1b[33m', ...after].forEach((p) => ref.write(p));
    expect((await fed.mirror.snapshot()).data).toBe((await ref.snapshot()).data);
  });

  it('a snapshot taken mid-flood has everything written before it', async () => {
    const fed = await fedMirror(40, 6, 100);
    const first = plainLines(500);
    feed(fed, first);
    const snapshot = fed.mirror.snapshot();
    feed(fed, plainLines(500, 16_000, 500));
    const { data } = await snapshot;
    expect(data).toBe(await reference(first, 40, 6, 100));
    expect(data).toContain('line 499 ');
    expect(data).not.toContain('line 500 ');
  });

  it('holds no more than its bound before the writer sees a backlog', async () => {
    const fed = await fedMirror(80, 24, 5_000);
    // Long lines with few line feeds: nothing can be skipped, so nothing is parsed early.
    const pieces = Array.from({ length: 400 }, () => 'x'.repeat(64 * 1024));
    feed(fed, pieces);
    expect(fed.accepted).toBeLessThan(pieces.length);
    await fed.mirror.snapshot();
    expect(fed.released).toBe(pieces.length);
  });

  it('matches parsing everything on random mixes of plain floods, styles, moves and resizes', async () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const parts = [
      () => plainLines(200 + random(3_000), 1_000 + random(20_000), random(1e6)),
      () => [`\x1b[${30 + random(8)}m`],
      () => [`\x1b[${1 + random(6)};${1 + random(30)}H`],
      () => ['\r50%', '\r75%', '\r100%\r\n'],
      () => [`\x1b[${1 + random(3)};${3 + random(3)}r`],
      () => ['\x1b[r'],
      () => ['no newline at the end'],
      () => [`\x1b[${random(3)}J`],
    ];
    for (let round = 0; round < 12; round++) {
      const cols = 20 + random(40);
      const rows = 4 + random(10);
      const scrollback = 50 + random(300);
      const pieces = Array.from({ length: 8 }, () => parts[random(parts.length)]?.() ?? []).flat();
      await expectSame(pieces, cols, rows, scrollback);
    }
  });
});
