/** vision_analyze: loads an image (file, URL or data URL) and asks the injected vision model. */
import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { confinedRead } from '../../sandbox/confinedFs';
import { ensureOk, HttpError, isHttpUrl, readCapped, request, type Egress } from '../http';

/** A model that takes image input; the composition root wires it to the configured provider. */
export interface VisionService {
  /** `image` is a data URL or an http(s) URL; resolves to the model's answer. */
  analyze(image: string, question: string, signal?: AbortSignal): Promise<string>;
}

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * Turns the model's `image` argument into a data URL the vision model can always read. A local
 * file is read by `readFile` when given (the caller's read under the read policy).
 */
export async function loadImage(
  image: string,
  signal: AbortSignal | undefined,
  egress: Egress,
  readFile: (path: string) => Promise<Buffer> = readLocal,
): Promise<string> {
  const source = image.trim();
  if (/^data:image\/[\w.+-]+;base64,/.test(source)) return source;
  const bytes = isHttpUrl(source)
    ? await download(source, signal, egress)
    : await readFile(checkedPath(source));
  const mime = sniffImage(bytes);
  if (!mime) throw new Error(`${source} is not a PNG, JPEG, GIF or WebP image`);
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

async function download(url: string, signal: AbortSignal | undefined, egress: Egress): Promise<Buffer> {
  const response = await ensureOk(await request(url, {}, { signal, egress }), new URL(url).host);
  return readCapped(response, MAX_IMAGE_BYTES, 'The image');
}

/** The file an `image` argument names, or undefined for a data or http(s) URL. */
export function localImagePath(image: string): string | undefined {
  const source = image.trim();
  if (/^data:image\/[\w.+-]+;base64,/.test(source) || isHttpUrl(source)) return undefined;
  return source === '~' || source.startsWith('~/') ? join(homedir(), source.slice(1)) : source;
}

function checkedPath(path: string): string {
  const full = localImagePath(path) ?? path;
  if (!isAbsolute(full)) throw new Error(`Give an absolute file path or an http(s) URL, not "${path}"`);
  return full;
}

/** Reads the real file with no link followed, so a concurrent swap cannot put another file in its place. */
async function readLocal(full: string): Promise<Buffer> {
  const real = await realpath(full).catch(() => undefined);
  const read = real ? await confinedRead(real, MAX_IMAGE_BYTES) : undefined;
  if (read?.kind !== 'file') throw new Error(`No image file at ${full}`);
  if (!read.data) throw new HttpError(`The image is larger than ${MAX_IMAGE_BYTES} bytes`);
  return read.data;
}

/** By magic bytes, not by name: a misnamed file still gets the right type. */
export function sniffImage(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}
