import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressPolicy } from '../sandbox/egress';
import * as media from './media';
import type { VisionService } from './media/vision';
import type { CommandCheck, CommandGate } from './toolModule';
import { loadTools } from './testing/harness';
import { sendJson, sendText, startServer, type TestServer } from './testing/httpServer';

/** The smallest valid PNG (1x1), so the bytes on disk are a real image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MP3 = Buffer.from('ID3\u0004\u0000\u0000fake-mp3-frames', 'latin1');

const vision: VisionService & { calls: { image: string; question: string }[] } = {
  calls: [],
  async analyze(image, question) {
    this.calls.push({ image, question });
    return `looked at ${image.slice(0, image.indexOf(';'))}`;
  },
};

let server: TestServer;
/** The test server's own host, listed as the person would in network.allowed_local_hosts. */
const listed = new EgressPolicy({ allowedLocalHosts: () => [new URL(server.url).host] });
let home: string;
let imageMode: 'b64' | 'url' = 'b64';

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-media-'));
  server = await startServer((req, res) => {
    if (req.path === '/pic.png') return sendText(res, PNG, 'image/png');
    if (req.path === '/page.html') return sendText(res, '<html></html>', 'text/html');
    if (req.path === '/v1/images/generations') {
      if (req.headers.authorization !== 'Bearer sk-test') return sendJson(res, { error: 'no' }, 401);
      const data =
        imageMode === 'b64' ? { b64_json: PNG.toString('base64') } : { url: `${server.url}/pic.png` };
      return sendJson(res, { created: 1, data: [{ ...data, revised_prompt: 'a red dot' }] });
    }
    if (req.path === '/v1/audio/speech') return sendText(res, MP3, 'audio/mpeg');
    return sendText(res, 'missing', 'text/plain', 404);
  });
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

describe('vision_analyze', () => {
  it('is unavailable without a vision model', async () => {
    expect(await loadTools(media, {}).unavailable('vision_analyze')).toMatch(/vision-capable model/);
  });

  it('sends local files and downloaded URLs to the model as data URLs', async () => {
    const tools = loadTools(media, { vision, egress: listed });
    const file = join(home, 'dot.bin');
    await writeFile(file, PNG);
    expect(await tools.json('vision_analyze', { image: file, question: 'what?' })).toEqual({
      answer: 'looked at data:image/png',
    });
    await tools.call('vision_analyze', { image: `${server.url}/pic.png`, question: 'and this?' });
    expect(vision.calls.map((c) => c.question)).toEqual(['what?', 'and this?']);
    expect(vision.calls[1]?.image).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });

  it('asks before it reads a file of the read policy, and sends nothing when refused', async () => {
    const secret = join(home, '.ssh', 'shot.png');
    await mkdir(join(home, '.ssh'), { recursive: true });
    await writeFile(secret, PNG);
    const asked: CommandCheck[] = [];
    const commandGate: CommandGate = async (check) => {
      asked.push(check);
      return { allowed: false, blocked: false, message: 'denied' };
    };
    const tools = loadTools(media, { vision, commandGate, env: { HOME: home } });
    const before = vision.calls.length;
    const outcome = await tools.outcome('vision_analyze', { image: secret, question: 'q' });
    expect(outcome.refusal).toBe('denied');
    expect(vision.calls.length).toBe(before);
    expect(asked[0]?.extraDetail).toBe('let the model read ~/.ssh/shot.png?');
  });

  it('refuses relative paths, missing files and things that are not images', async () => {
    const tools = loadTools(media, { vision, egress: listed });
    expect((await tools.json('vision_analyze', { image: 'dot.png', question: 'q' })).error).toMatch(
      /absolute/,
    );
    expect((await tools.json('vision_analyze', { image: '/no/such.png', question: 'q' })).error).toMatch(
      /No image file/,
    );
    const html = await tools.json('vision_analyze', { image: `${server.url}/page.html`, question: 'q' });
    expect(html.error).toMatch(/not a PNG, JPEG, GIF or WebP/);
  });
});

describe('image_generate and text_to_speech', () => {
  const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: '' };
  beforeAll(() => void (env.OPENAI_BASE_URL = `${server.url}/v1`));

  it('are unavailable without OPENAI_API_KEY and list it as required', async () => {
    const tools = loadTools(media, { env: {} });
    expect(await tools.unavailable('image_generate')).toBe('OPENAI_API_KEY is not set');
    expect(await tools.unavailable('text_to_speech')).toBe('OPENAI_API_KEY is not set');
    expect(tools.runtime.registry.get('image_generate')?.requiresEnv).toEqual(['OPENAI_API_KEY']);
  });

  it.each(['b64', 'url'] as const)(
    'saves a generated image under the home folder (%s answer)',
    async (mode) => {
      imageMode = mode;
      const tools = loadTools(media, { env, home, egress: listed });
      const before = server.requests.length;
      const result = await tools.json<{ path: string; revised_prompt: string }>('image_generate', {
        prompt: 'a red dot',
        size: 'landscape',
      });
      expect(result.path).toMatch(new RegExp(`^${join(home, 'media')}/image-.*\\.png$`));
      expect(result.revised_prompt).toBe('a red dot');
      expect(await readFile(result.path)).toEqual(PNG);
      const sent = JSON.parse(server.requests[before]?.body ?? '{}') as Record<string, unknown>;
      expect(sent).toMatchObject({ prompt: 'a red dot', size: '1536x1024', n: 1 });
    },
  );

  it('reports an API error with its status', async () => {
    const tools = loadTools(media, { env: { ...env, OPENAI_API_KEY: 'sk-wrong' }, home });
    expect((await tools.json('image_generate', { prompt: 'x' })).error).toMatch(
      /image_generate failed.*HTTP 401/,
    );
  });

  it('speaks text into an MP3 file with the chosen voice', async () => {
    const tools = loadTools(media, { env, home });
    const before = server.requests.length;
    const result = await tools.json<{ path: string }>('text_to_speech', {
      text: 'Hello there',
      voice: 'nova',
    });
    expect(result.path).toMatch(/speech-.*\.mp3$/);
    expect(await readFile(result.path)).toEqual(MP3);
    expect(JSON.parse(server.requests[before]?.body ?? '{}')).toMatchObject({
      input: 'Hello there',
      voice: 'nova',
    });
    expect((await tools.json('text_to_speech', { text: 'x', voice: 'robot' })).error).toMatch(/voice/);
  });
});
