/**
 * Files pasted or dropped into the composer: what may be sent and how, without the schemas
 * (fileAttachments.ts), so the page's first screen loads none. Images go to the model as image
 * parts, text files as text, anything else is copied into the session's temp folder and the
 * model gets its path.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_TEXT_BYTES = 256 * 1024;
export const MAX_OTHER_BYTES = 20 * 1024 * 1024;
export const MAX_FILES = 6;
/** What one message may carry in all, so a send fits the serve socket's frame. */
export const MAX_TOTAL_BYTES = 24 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const FILE_KINDS = ['image', 'text', 'file'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - pad;
}

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How a file the page picked is sent: by its type, and for text, by its size. */
export function kindOf(mime: string, name: string, bytes: number): FileKind {
  if ((IMAGE_TYPES as readonly string[]).includes(mime)) return 'image';
  const textual =
    mime.startsWith('text/') ||
    /^application\/(json|xml|x-yaml|yaml|javascript|typescript|toml|x-sh)$/.test(mime) ||
    /\.(md|txt|json|ya?ml|toml|ts|tsx|js|jsx|py|rs|go|java|c|h|cpp|cs|rb|sh|css|html|xml|csv|log|ini|cfg|sql)$/i.test(
      name,
    );
  return textual && bytes <= MAX_TEXT_BYTES ? 'text' : 'file';
}
