import { createRequire } from 'node:module';
import type { ITerminalAddon, ITerminalInitOnlyOptions, ITerminalOptions, Terminal } from '@xterm/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { RowCache } from './rowCache';
import { serializeTerminal } from './serialize';

// Snapshots that reuse rows from earlier ones must still write exactly what the addon writes.
const require = createRequire(import.meta.url);
const { Terminal: Headless } = require('@xterm/headless') as {
  Terminal: new (options: ITerminalOptions & ITerminalInitOnlyOptions) => Terminal;
};
const { SerializeAddon } = require('@xterm/addon-serialize') as {
  SerializeAddon: new () => ITerminalAddon & { serialize(options?: { scrollback?: number }): string };
};

const open: Terminal[] = [];
afterEach(() => {
  for (const term of open.splice(0)) term.dispose();
});

function terminal(scrollback: number) {
  const term = new Headless({ cols: 24, rows: 6, scrollback, allowProposedApi: true });
  const addon = new SerializeAddon();
  term.loadAddon(addon);
  open.push(term);
  const cache = new RowCache();
  const write = (bytes: string) => new Promise<void>((resolve) => term.write(bytes, resolve));
  const same = () => expect(serializeTerminal(term, scrollback, cache)).toBe(addon.serialize({ scrollback }));
  return { term, cache, write, same };
}

const rows = (from: number, n: number, f: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => f(from + i)).join('\r\n');

// Styles left on across rows, coloured erases, wide characters and lines that wrap.
const styled = (i: number) =>
  [
    `\x1b[3${i % 8}mrow ${i}`,
    `\x1b[4${i % 8}m bg ${i}\x1b[K\x1b[0m`,
    `${'w'.repeat(30)} ${i}`,
    `漢字 ${i} \x1b[1;4mbold`,
    `\x1b[0mplain ${i}`,
    `\x1b[7m${' '.repeat(i % 24)}\x1b[27m${i}`,
  ][i % 6] ?? '';

describe('serializeTerminal with a row cache', () => {
  it('matches the addon snapshot after snapshot while output scrolls and the scrollback fills', async () => {
    const { write, same } = terminal(40);
    for (let step = 0; step < 12; step++) {
      await write(`${rows(step * 17, 17, styled)}\r\n`);
      same();
      same();
    }
  });

  it('matches it after a resize reflows the rows', async () => {
    const { term, write, same } = terminal(100);
    await write(rows(0, 60, styled));
    same();
    term.resize(15, 5);
    same();
    await write(`\r\n${rows(60, 30, styled)}`);
    same();
    term.resize(40, 8);
    same();
    // Rows brought back onto a taller screen can be written over before it shrinks again.
    term.resize(40, 20);
    await write('\x1b[1;1H\x1b[44mover\x1b[2;1H\x1b[2K');
    term.resize(40, 8);
    same();
  });

  it('matches it after the scrollback is erased and after a reset', async () => {
    const { write, same } = terminal(50);
    await write(rows(0, 80, styled));
    same();
    await write('\x1b[3J');
    same();
    await write(`\r\n${rows(80, 30, styled)}`);
    same();
    await write(`\x1bc${rows(200, 70, styled)}`);
    same();
    await write(`\r\n${rows(300, 9, styled)}`);
    same();
  });

  it('matches it with scroll regions and the alternate screen in use', async () => {
    const { write, same } = terminal(30);
    await write(rows(0, 40, styled));
    same();
    await write(`\x1b[2;4r\x1b[4;1H${rows(40, 8, styled)}\x1b[r\x1b[6;1H\r\n${rows(50, 10, styled)}`);
    same();
    await write(`\x1b[?1049h\x1b[31malt\x1b[?1049l\r\n${rows(60, 12, styled)}`);
    same();
  });
});
