import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseCommand } from './normalise';
import { initShellParser, newParseBudget, parseShell } from './parse';
import { quotedTree } from './quotedTree';

beforeAll(() => initShellParser());

const SETS = ['corpus', 'corpus2', 'heldout'];

function allCommands(): string[] {
  return SETS.flatMap((dir) =>
    readdirSync(new URL(`./${dir}/`, import.meta.url))
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(new URL(`./${dir}/${f}`, import.meta.url), 'utf8').split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => normaliseCommand((JSON.parse(line) as { cmd: string }).cmd)),
  );
}

/** The fast reader must build exactly the parser's tree whenever it builds one. */
function expectParserTree(text: string): boolean {
  const fast = quotedTree(text);
  if (!fast) return false;
  expect(fast, text).toEqual(parseShell(text, { ...newParseBudget(), deadline: Infinity }));
  return true;
}

describe('quotedTree', () => {
  it('builds the shell parser tree for every corpus command it reads', () => {
    const read = allCommands().filter(expectParserTree);
    expect(read.length).toBeGreaterThan(300);
  });

  it('reads quoted strings, concatenations, lists, pipelines and sequences', () => {
    for (const text of [
      'git commit -m "fix: x" --x="a b"',
      "echo 'a b'c ~/x \"\" ''",
      'a && b || c | d',
      'a; b && c;',
      'x "é ü #!;|&<>(){}*?"',
    ])
      expect(expectParserTree(text), text).toBe(true);
  });

  it('leaves expansions, escapes, redirects, keywords and assignments to the parser', () => {
    for (const text of [
      'echo "$HOME"',
      'echo "a\\"b"',
      'echo `x`',
      'echo a > f',
      'a &',
      'if x; then y; fi',
      'export A="b"',
      'A=1 make',
      '"rm" -rf x',
      'a |',
      'a && ',
      "echo 'a\nb'",
      'echo *.ts',
    ])
      expect(quotedTree(text), text).toBeNull();
  });

  it('builds the parser tree for random mixes of the shapes it reads and some it does not', () => {
    const pieces = [
      'a',
      'rm',
      '-rf',
      '"x y"',
      "'q'",
      '""',
      "''",
      '~/d',
      '~',
      'a=b',
      '--k=',
      '&&',
      '||',
      '|',
      ';',
      ' ',
      '\t',
      '"é;|&"',
      'export',
      'time',
      'do',
      '"$x"',
      '>',
      '&',
      '#',
      'x"y"z',
      "'a''b'",
      '3',
      '-1',
      '1.5',
      '0x1f',
      'if',
    ];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let read = 0;
    for (let i = 0; i < 6000; i++) {
      const text = Array.from({ length: 1 + random(10) }, () => pieces[random(pieces.length)]).join(
        random(3) ? ' ' : '',
      );
      if (expectParserTree(text)) read++;
    }
    expect(read).toBeGreaterThan(200);
  });
});
