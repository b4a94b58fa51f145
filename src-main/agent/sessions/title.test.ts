import { describe, expect, it } from 'vitest';
import { sessionTitle } from './title';

describe('sessionTitle', () => {
  it.each([
    ['**Fix** the `build` script', 'Fix the build script'],
    ['# Deploy the app', 'Deploy the app'],
    ['## Read [the docs](https://example.com/docs) first', 'Read the docs first'],
    ['- make *it* __fast__ and ~~slow~~', 'make it fast and slow'],
    ['1. run ```ls -la```', 'run ls -la'],
    ['> quoted ![logo](x.png) here', 'quoted logo here'],
  ])('strips Markdown from %j', (prompt, title) => {
    expect(sessionTitle(prompt)).toBe(title);
  });

  it('keeps identifiers and arithmetic that only look like emphasis', () => {
    expect(sessionTitle('rename my_var_name and compute 2 * 3 * 4')).toBe(
      'rename my_var_name and compute 2 * 3 * 4',
    );
  });

  it('takes the first non-blank line and shortens a long one', () => {
    expect(sessionTitle('\n\n  **First** line\nsecond')).toBe('First line');
    const title = sessionTitle(`**${'x'.repeat(100)}**`);
    expect(title).toHaveLength(60);
    expect(title.endsWith('…')).toBe(true);
  });
});
