import { describe, expect, it } from 'vitest';
import { FileAttachmentSchema, FileAttachmentsSchema } from './fileAttachments';
import { kindOf, MAX_FILES, MAX_IMAGE_BYTES, MAX_TEXT_BYTES } from './fileLimits';

/** The base64 of `bytes` zero bytes. */
const b64 = (bytes: number) => 'AAAA'.repeat(Math.floor(bytes / 3)) + ['', 'AA==', 'AAA='][bytes % 3];
const png = (bytes = 10) => ({ name: 'a.png', kind: 'image' as const, mime: 'image/png', data: b64(bytes) });

describe('pasted files as main checks them', () => {
  it('takes an image and a text file within their limits', () => {
    expect(FileAttachmentSchema.safeParse(png(MAX_IMAGE_BYTES)).success).toBe(true);
    const text = { name: 'n.md', kind: 'text', mime: 'text/markdown', data: b64(MAX_TEXT_BYTES) };
    expect(FileAttachmentSchema.safeParse(text).success).toBe(true);
  });

  it('refuses an image over 5 MB, a text file over 256 KB, a non-image sent as one and bad base64', () => {
    expect(FileAttachmentSchema.safeParse(png(MAX_IMAGE_BYTES + 1)).error?.message).toContain(
      'at most 5.0 MB',
    );
    const text = { name: 'n.md', kind: 'text', mime: 'text/plain', data: b64(MAX_TEXT_BYTES + 1) };
    expect(FileAttachmentSchema.safeParse(text).error?.message).toContain('at most 256 KB');
    expect(FileAttachmentSchema.safeParse({ ...png(), mime: 'image/svg+xml' }).success).toBe(false);
    expect(FileAttachmentSchema.safeParse({ ...png(), data: 'not base64!' }).success).toBe(false);
    expect(FileAttachmentSchema.safeParse({ ...png(), extra: 1 }).success).toBe(false);
  });

  it('refuses more than a handful of files in one message', () => {
    expect(FileAttachmentsSchema.safeParse(Array.from({ length: MAX_FILES }, () => png())).success).toBe(
      true,
    );
    expect(FileAttachmentsSchema.safeParse(Array.from({ length: MAX_FILES + 1 }, () => png())).success).toBe(
      false,
    );
  });

  it('sends images as images, small text as text and the rest as files', () => {
    expect(kindOf('image/jpeg', 'x.jpg', 100)).toBe('image');
    expect(kindOf('text/plain', 'x.txt', 100)).toBe('text');
    expect(kindOf('', 'main.ts', 100)).toBe('text');
    expect(kindOf('text/plain', 'big.log', MAX_TEXT_BYTES + 1)).toBe('file');
    expect(kindOf('application/pdf', 'x.pdf', 100)).toBe('file');
    expect(kindOf('image/svg+xml', 'x.svg', 100)).toBe('file');
  });
});
