import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileBlock } from '../../../src-shared/attachments';
import { ScriptedModel } from '../testing/scriptedModel';
import { OpenAiChatClient } from './client';

let server: ScriptedModel;
let dir: string;
beforeEach(async () => {
  server = await ScriptedModel.start();
  dir = await mkdtemp(join(tmpdir(), 'image-refusal-'));
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const client = () =>
  new OpenAiChatClient({
    provider: 'custom',
    baseUrl: server.baseUrl,
    name: 'text-only',
    apiKey: 'k',
    local: true,
    maxRetries: 0,
    timeoutMs: 10_000,
    stream: false,
  });

describe('a model that refuses image parts', () => {
  it('says the model did not take the image and how to tell Caduceus it cannot', async () => {
    await mkdir(join(dir, 'attachments'));
    const path = join(dir, 'attachments', '0a1b2c3d-a.png');
    await writeFile(path, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    server.push({ status: 400, message: 'image_url is not supported by this model' });
    const content = `look${fileBlock({ kind: 'image', name: 'a.png', mime: 'image/png', path })}`;
    const asked = client().complete({ messages: [{ role: 'user', content }], tools: [] });
    await expect(asked).rejects.toThrow(
      /text-only did not take the attached image .*image_url is not supported.*model\.vision: false/,
    );
  });

  it('leaves other 400s as they were when no image was sent', async () => {
    server.push({ status: 400, message: 'bad request' });
    const asked = client().complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    await expect(asked).rejects.not.toThrow(/did not take the attached image/);
  });
});
