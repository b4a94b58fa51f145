import { createRequire } from 'node:module';
import type { ITerminalAddon, ITerminalInitOnlyOptions, ITerminalOptions, Terminal } from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { serializeTerminal } from './serialize';

// The addon this serializer replaces is the reference: the same terminal must give the same text.
const require = createRequire(import.meta.url);
const { Terminal: Headless } = require('@xterm/headless') as {
  Terminal: new (options: ITerminalOptions & ITerminalInitOnlyOptions) => Terminal;
};
const { SerializeAddon } = require('@xterm/addon-serialize') as {
  SerializeAddon: new () => ITerminalAddon & { serialize(options?: { scrollback?: number }): string };
};

async function both(bytes: string, cols = 30, rows = 8, scrollback?: number): Promise<[string, string]> {
  const term = new Headless({ cols, rows, scrollback: 1_000, allowProposedApi: true });
  const addon = new SerializeAddon();
  term.loadAddon(addon);
  try {
    await new Promise<void>((resolve) => term.write(bytes, resolve));
    return [
      serializeTerminal(term, scrollback),
      addon.serialize(scrollback === undefined ? {} : { scrollback }),
    ];
  } finally {
    term.dispose();
  }
}

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('\r\n');

const CASES: Record<string, string> = {
  empty: '',
  'plain text and the cursor mid-line': 'hello\r\nworld\x1b[2D',
  'every SGR attribute on and off': lines(
    20,
    (i) =>
      `\x1b[${[1, 2, 3, 4, 5, 7, 8, 9, 53][i % 9]}mattr${i}\x1b[${[22, 22, 23, 24, 25, 27, 28, 29, 55][i % 9]}m plain`,
  ),
  'palette, 256 and true colours, fore and back': lines(
    40,
    (i) =>
      `\x1b[3${i % 8};4${(i + 1) % 8}mA\x1b[9${i % 8}mB\x1b[38;5;${i * 6}mC\x1b[48;2;${i};${2 * i};${3 * i}mD\x1b[0m`,
  ),
  'coloured blank cells and erases':
    '\x1b[44m   \x1b[0m x \x1b[41m\x1b[K\r\n\x1b[42m\x1b[5X\x1b[0m\x1b[3Cz\r\n\x1b[45m\x1b[2J',
  'wide characters, emoji and combining marks': `漢字テスト 🙂👍 e\u0301 a\u0308\u0323 ${'漢'.repeat(20)}`,
  'lines that wrap, with blanks and colours at the edge': `${'x'.repeat(29)}\x1b[43m ${'y'.repeat(40)}\x1b[0m\r\n${'z'.repeat(28)}漢漢\r\n${'w'.repeat(25)}\x1b[5C${'v'.repeat(10)}`,
  'a full scroll with styles left on': `${lines(300, (i) => `\x1b[3${i % 8}mrow ${i}`)}\x1b[1;4m`,
  'the alternate screen over the normal one':
    'normal\r\n\x1b[?1049h\x1b[2J\x1b[H\x1b[32malt app\x1b[0m\x1b[5;7H',
  modes: '\x1b[?1h\x1b[?66h\x1b[?2004h\x1b[4h\x1b[?45h\x1b[?1004h\x1b[?7l\x1b[?1002htext',
  'cursor moves and insertions':
    '\x1b[5;3Hplaced\x1b[2A\x1b[4Cup\x1b[K\x1b[8;20H\x1b[3mitalic\x1b[0m\x1b[2;1H\x1b[2@\x1b[1P',
};

describe('serializeTerminal', () => {
  for (const [name, bytes] of Object.entries(CASES))
    it(`writes what the serialize addon writes: ${name}`, async () => {
      const [ours, addon] = await both(bytes);
      expect(ours).toBe(addon);
    });

  it('keeps the same scrollback cap as the addon', async () => {
    const bytes = lines(500, (i) => `\x1b[3${i % 8}mline ${i}\x1b[0m`);
    for (const cap of [0, 1, 100, 10_000]) {
      const [ours, addon] = await both(bytes, 20, 5, cap);
      expect(ours).toBe(addon);
    }
  });

  it('a resized terminal with reflowed lines', async () => {
    const term = new Headless({ cols: 40, rows: 6, scrollback: 100, allowProposedApi: true });
    const addon = new SerializeAddon();
    term.loadAddon(addon);
    await new Promise<void>((resolve) =>
      term.write(
        lines(30, (i) => `\x1b[35m${'long '.repeat(i % 12)}${i}`),
        resolve,
      ),
    );
    for (const [cols, rows] of [
      [17, 5],
      [60, 9],
    ] as const) {
      term.resize(cols, rows);
      expect(serializeTerminal(term)).toBe(addon.serialize());
    }
    term.dispose();
  });
});
