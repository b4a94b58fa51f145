import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { splitAttachments } from '../../src-shared/attachments';
import { safeName, withFiles } from './chatFiles';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chatfiles-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('files sent with a message', () => {
  it('copies images and other files into the session temp folder and inlines text files', async () => {
    const message = await withFiles(
      'look',
      [
        { name: 'shot.png', kind: 'image', mime: 'image/png', data: b64('PNGDATA') },
        { name: 'notes.md', kind: 'text', mime: 'text/markdown', data: b64('# hello') },
        { name: '../../etc/passwd', kind: 'file', mime: 'application/octet-stream', data: b64('x') },
      ],
      () => dir,
      undefined,
      'm',
    );
    const { text, files } = splitAttachments(message);
    expect(text).toBe('look');
    expect(message).toContain('# hello');
    const [image, notes, other] = files;
    expect(notes).toEqual({ kind: 'text', name: 'notes.md', mime: 'text/markdown' });
    expect(await readFile(image?.path ?? '', 'utf8')).toBe('PNGDATA');
    // A name from the page never leaves the folder.
    expect(dirname(other?.path ?? '')).toBe(join(dir, 'attachments'));
    expect(await readdir(join(dir, 'attachments'))).toHaveLength(2);
    expect((await stat(image?.path ?? '')).mode & 0o777).toBe(0o600);
  });

  it('refuses images for a model configured without vision, before writing anything', async () => {
    const send = withFiles(
      'look',
      [{ name: 'a.png', kind: 'image', mime: 'image/png', data: b64('x') }],
      () => dir,
      false,
      'tiny-model',
    );
    await expect(send).rejects.toThrow(/tiny-model cannot read images/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('makes safe file names', () => {
    expect(safeName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeName('.hidden')).toBe('hidden');
    expect(safeName('')).toBe('file');
    expect(safeName('a b.txt')).toBe('a b.txt');
  });
});
