import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileBlock } from '../../../src-shared/attachments';
import { toWireMessages } from './imageParts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'imageparts-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('messages as the model receives them', () => {
  it('gives a user message its attached image as an image_url part after the text', async () => {
    const path = join(dir, 'a.png');
    await writeFile(path, 'PNG');
    const content = `what is this?${fileBlock({ kind: 'image', name: 'a.png', mime: 'image/png', path })}`;
    const { messages, images } = toWireMessages([
      { role: 'system', content: 'sys' },
      { role: 'user', content },
    ]);
    expect(images).toBe(1);
    expect(messages[0]).toEqual({ role: 'system', content: 'sys' });
    expect(messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: content },
        {
          type: 'image_url',
          image_url: { url: `data:image/png;base64,${Buffer.from('PNG').toString('base64')}` },
        },
      ],
    });
  });

  it('keeps the text only when the copy is gone, and leaves other messages alone', () => {
    const content = `x${fileBlock({ kind: 'image', name: 'a.png', mime: 'image/png', path: join(dir, 'gone.png') })}`;
    const tool = { role: 'tool' as const, content: '<attached-file kind="image"', tool_call_id: 't' };
    const { messages, images } = toWireMessages([{ role: 'user', content }, tool]);
    expect(images).toBe(0);
    expect(messages).toEqual([{ role: 'user', content }, tool]);
  });
});
