import { z } from 'zod';

/**
 * Files pasted or dropped into the composer. Images go to the model as image parts, text files
 * as text, anything else is copied into the session's temp folder and the model gets its path.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_TEXT_BYTES = 256 * 1024;
export const MAX_OTHER_BYTES = 20 * 1024 * 1024;
export const MAX_FILES = 6;
/** What one message may carry in all, so a send fits the serve socket's frame. */
export const MAX_TOTAL_BYTES = 24 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const FileKindSchema = z.enum(['image', 'text', 'file']);
export type FileKind = z.infer<typeof FileKindSchema>;

const LIMIT: Record<FileKind, number> = {
  image: MAX_IMAGE_BYTES,
  text: MAX_TEXT_BYTES,
  file: MAX_OTHER_BYTES,
};
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

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

export const FileAttachmentSchema = z
  .object({
    name: z.string().min(1).max(255),
    kind: FileKindSchema,
    mime: z.string().max(200),
    /** The file's bytes, base64. */
    data: z.string().max(Math.ceil(MAX_OTHER_BYTES / 3) * 4 + 4),
  })
  .strict()
  .superRefine((file, ctx) => {
    if (file.data.length % 4 !== 0 || !BASE64.test(file.data))
      ctx.addIssue({ code: 'custom', message: `${file.name} is not base64` });
    const bytes = base64Bytes(file.data);
    if (bytes > LIMIT[file.kind])
      ctx.addIssue({
        code: 'custom',
        message: `${file.name} is ${sizeLabel(bytes)}; a ${file.kind} may be at most ${sizeLabel(LIMIT[file.kind])}`,
      });
    if (file.kind === 'image' && !(IMAGE_TYPES as readonly string[]).includes(file.mime))
      ctx.addIssue({ code: 'custom', message: `${file.name}: images must be PNG, JPEG, GIF or WebP` });
  });
export type FileAttachment = z.infer<typeof FileAttachmentSchema>;

export const FileAttachmentsSchema = z
  .array(FileAttachmentSchema)
  .max(MAX_FILES)
  .superRefine((files, ctx) => {
    const total = files.reduce((sum, f) => sum + base64Bytes(f.data), 0);
    if (total > MAX_TOTAL_BYTES)
      ctx.addIssue({
        code: 'custom',
        message: `Attachments total ${sizeLabel(total)}; at most ${sizeLabel(MAX_TOTAL_BYTES)}`,
      });
  });

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
