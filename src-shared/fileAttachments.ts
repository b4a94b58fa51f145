/** The schemas of files sent with a message; what may be sent, and how, is in fileLimits.ts. */
import { z } from 'zod';
import {
  base64Bytes,
  FILE_KINDS,
  IMAGE_TYPES,
  MAX_FILES,
  MAX_IMAGE_BYTES,
  MAX_OTHER_BYTES,
  MAX_TEXT_BYTES,
  MAX_TOTAL_BYTES,
  sizeLabel,
  type FileKind,
} from './fileLimits';

export const FileKindSchema = z.enum(FILE_KINDS);

const LIMIT: Record<FileKind, number> = {
  image: MAX_IMAGE_BYTES,
  text: MAX_TEXT_BYTES,
  file: MAX_OTHER_BYTES,
};
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

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
