/** image_generate and text_to_speech over OpenAI's images and speech APIs. */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  baseUrlFrom,
  bearer,
  ensureOk,
  fetchJson,
  HttpError,
  readCapped,
  request,
  type Egress,
} from '../http';
import { sniffImage } from './vision';

export const OPENAI_KEY_ENV = 'OPENAI_API_KEY';
const DEFAULT_BASE = 'https://api.openai.com/v1';
const MAX_MEDIA_BYTES = 25 * 1024 * 1024;

export const IMAGE_SIZES = { square: '1024x1024', portrait: '1024x1536', landscape: '1536x1024' } as const;
export const TTS_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
] as const;
export const MAX_SPEECH_CHARS = 4_096;

interface Call {
  env: NodeJS.ProcessEnv;
  /** Where files are saved: `<home>/media`, or a temp folder without a home. */
  home?: string;
  signal?: AbortSignal;
  /** For URLs the API answers with (a generated image's); the API itself is configured. */
  egress: Egress;
}

const ImagesSchema = z.object({
  data: z
    .array(
      z.object({
        b64_json: z.string().nullish(),
        url: z.string().nullish(),
        revised_prompt: z.string().nullish(),
      }),
    )
    .min(1),
});

function api(env: NodeJS.ProcessEnv) {
  const key = env[OPENAI_KEY_ENV]?.trim();
  if (!key) throw new Error(`${OPENAI_KEY_ENV} is not set`);
  return {
    base: baseUrlFrom(env, 'OPENAI_BASE_URL', DEFAULT_BASE),
    headers: { 'content-type': 'application/json', ...bearer(key) },
  };
}

export async function generateImage(call: Call, prompt: string, size: keyof typeof IMAGE_SIZES) {
  const { base, headers } = api(call.env);
  const model = call.env.CADUCEUS_IMAGE_MODEL?.trim() || 'gpt-image-1';
  const init = {
    method: 'POST',
    headers,
    body: JSON.stringify({ model, prompt, size: IMAGE_SIZES[size], n: 1 }),
  };
  const options = { signal: call.signal, timeoutMs: 180_000, egress: 'configured' as const };
  const body = await fetchJson(`${base}/images/generations`, init, ImagesSchema, 'The images API', options);
  const [first] = body.data;
  let bytes: Buffer;
  if (first?.b64_json) bytes = Buffer.from(first.b64_json, 'base64');
  else if (first?.url) {
    const response = await ensureOk(
      await request(first.url, {}, { ...options, egress: call.egress }),
      'The image download',
    );
    bytes = await readCapped(response, MAX_MEDIA_BYTES, 'The generated image');
  } else throw new HttpError('The images API returned neither image data nor a URL');
  const extension = (sniffImage(bytes) ?? 'image/png').split('/')[1];
  const path = await save(call.home, 'image', extension ?? 'png', bytes);
  return first?.revised_prompt ? { path, revised_prompt: first.revised_prompt } : { path };
}

export async function speak(call: Call, text: string, voice: string) {
  const { base, headers } = api(call.env);
  const model = call.env.CADUCEUS_TTS_MODEL?.trim() || 'gpt-4o-mini-tts';
  const init = {
    method: 'POST',
    headers,
    body: JSON.stringify({ model, input: text, voice, response_format: 'mp3' }),
  };
  const response = await ensureOk(
    await request(`${base}/audio/speech`, init, {
      signal: call.signal,
      timeoutMs: 120_000,
      egress: 'configured',
    }),
    'The speech API',
  );
  const bytes = await readCapped(response, MAX_MEDIA_BYTES, 'The audio');
  if (bytes.length === 0) throw new HttpError('The speech API returned no audio');
  return { path: await save(call.home, 'speech', 'mp3', bytes), bytes: bytes.length };
}

async function save(
  home: string | undefined,
  prefix: string,
  extension: string,
  bytes: Buffer,
): Promise<string> {
  const dir = home ? join(home, 'media') : join(tmpdir(), 'caduceus-media');
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const path = join(dir, `${prefix}-${stamp}-${randomBytes(3).toString('hex')}.${extension}`);
  await writeFile(path, bytes);
  return path;
}
