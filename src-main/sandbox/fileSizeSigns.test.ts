import { describe, expect, it } from 'vitest';
import { FileSizeSigns } from './limits';

function seen(chunks: string[]): boolean {
  const signs = new FileSizeSigns();
  for (const chunk of chunks) signs.push(chunk);
  return signs.found;
}

describe("the file-size limit's signs in a command's output", () => {
  const big = 'x'.repeat(4_096);

  it.each([
    ['inside one large chunk', [big, `${big}bash: line 1: 12 File size limit exceeded ${big}`, big]],
    ['split across two large chunks', [`${big}OSError: [Errno 27] File to`, `o large${big}`]],
    ['split across many one-character chunks', [...'write: EFBIG'].map((c) => c)],
    ['after a short chunk that follows a large one', [`${big}File size limit `, 'ex', 'ceeded']],
  ])('are found %s', (_how, chunks) => {
    expect(seen(chunks)).toBe(true);
  });

  it('are not found in output that only comes near them', () => {
    expect(seen([big, 'File size limit', big, ' exceeded', 'EFBI', big, 'G', 'File too small'])).toBe(false);
  });
});
