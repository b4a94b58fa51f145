import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { splitAttachments } from '../../../src-shared/attachments';
import { MAX_IMAGE_BYTES } from '../../../src-shared/fileLimits';
import type { ChatMessage } from '../../../src-shared/sessions';

/**
 * Stored messages are the wire shape, except that a user message naming attached images gets
 * them as image parts after its text. Only trailing file blocks count, and only copies shaped as
 * chatFiles.ts makes them that hold an image, so a block inside a resource's text or typed by
 * hand cannot send some other file. An image whose copy is gone stays as its text only.
 */
export function toWireMessages(
  messages: ChatMessage[],
  cache: ImageCache = new ImageCache(),
): {
  messages: ChatCompletionMessageParam[];
  images: number;
} {
  let images = 0;
  const wire = messages.map((message): ChatCompletionMessageParam => {
    if (message.role !== 'user' || !message.content?.includes('<attached-file kind="image"'))
      return message as ChatCompletionMessageParam;
    const parts: ChatCompletionContentPart[] = [{ type: 'text', text: message.content }];
    for (const file of splitAttachments(message.content).files) {
      const image = file.kind === 'image' && file.path ? cache.read(file.path) : undefined;
      if (!image) continue;
      parts.push({ type: 'image_url', image_url: { url: `data:${image.mime};base64,${image.data}` } });
      images++;
    }
    return parts.length === 1 ? (message as ChatCompletionMessageParam) : { role: 'user', content: parts };
  });
  return { messages: wire, images };
}

/** `<session temp>/attachments/<8 hex>-<name>`, as chatFiles.ts names a copy. */
function isCopy(path: string): boolean {
  return basename(dirname(path)) === 'attachments' && /^[0-9a-f]{8}-/.test(basename(path));
}

/** The image's type by its first bytes; undefined for anything that is not one. */
function imageType(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 12);
  if (head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return 'image/png';
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

type Image = { mime: string; data: string };

/**
 * Images read once per client: every model call re-sends the history, and a copy never changes
 * (its name is random and it is written once), so reading it again each call is wasted I/O.
 */
export class ImageCache {
  private readonly images = new Map<string, Image | undefined>();

  constructor(private readonly max = 16) {}

  read(path: string): Image | undefined {
    if (this.images.has(path)) return this.images.get(path);
    const image = readImage(path);
    // Oldest first out: a long session keeps only its recent images in memory.
    if (this.images.size >= this.max) this.images.delete(this.images.keys().next().value as string);
    this.images.set(path, image);
    return image;
  }
}

function readImage(path: string): Image | undefined {
  if (!isCopy(path)) return undefined;
  try {
    const bytes = readFileSync(path);
    const mime = bytes.length <= MAX_IMAGE_BYTES ? imageType(bytes) : undefined;
    return mime ? { mime, data: bytes.toString('base64') } : undefined;
  } catch {
    return undefined;
  }
}
