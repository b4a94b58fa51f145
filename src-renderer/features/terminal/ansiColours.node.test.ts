import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANSI_COLOURS, cssName } from './ansiColours';

const css = readFileSync(join(import.meta.dirname, '..', '..', 'styles', 'theme.css'), 'utf8');
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');

function variables(block: string): Map<string, string> {
  return new Map(
    [...block.matchAll(/(--term-[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

describe('the terminal colours', () => {
  for (const [scheme, block] of [
    ['light', css.slice(0, darkStart)],
    ['dark', css.slice(darkStart)],
  ] as const) {
    it(`keeps all sixteen ANSI colours readable on the ${scheme} background, bold ones included`, () => {
      const vars = variables(block);
      const bg = vars.get('--term-bg');
      expect(bg).toBeDefined();
      for (const name of ANSI_COLOURS) {
        const colour = vars.get(`--term-${cssName(name)}`);
        expect(colour, `${scheme} --term-${cssName(name)}`).toBeDefined();
        expect(
          contrast(colour ?? '', bg ?? ''),
          `${scheme} ${name} ${colour} on ${bg}`,
        ).toBeGreaterThanOrEqual(3);
      }
    });
  }
});
