import { readFileSync } from 'node:fs';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { IMAGE_BLOCK, unescapeAttribute } from '../../../src-shared/attachments';
import type { ChatMessage } from '../../../src-shared/sessions';

/**
 * Stored messages are the wire shape, except that a user message naming attached images gets
 * them as image parts after its text. An image whose copy is gone (a temp folder cleared) stays
 * as its text only.
 */
export function toWireMessages(messages: ChatMessage[]): {
  messages: ChatCompletionMessageParam[];
  images: number;
} {
  let images = 0;
  const wire = messages.map((message): ChatCompletionMessageParam => {
    if (message.role !== 'user' || !message.content?.includes('<attached-file kind="image"'))
      return message as ChatCompletionMessageParam;
    const parts: ChatCompletionContentPart[] = [{ type: 'text', text: message.content }];
    for (const [, mime = '', path = ''] of message.content.matchAll(IMAGE_BLOCK)) {
      const data = readImage(unescapeAttribute(path));
      if (!data) continue;
      parts.push({ type: 'image_url', image_url: { url: `data:${unescapeAttribute(mime)};base64,${data}` } });
      images++;
    }
    return parts.length === 1 ? (message as ChatCompletionMessageParam) : { role: 'user', content: parts };
  });
  return { messages: wire, images };
}

function readImage(path: string): string | undefined {
  try {
    return readFileSync(path).toString('base64');
  } catch {
    return undefined;
  }
}
