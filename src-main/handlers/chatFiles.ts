import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileBlock } from '../../src-shared/attachments';
import type { FileAttachment } from '../../src-shared/fileAttachments';
import { ContractError } from '../contract/router';

/** A file name safe in any folder: no separators, no leading dots, nothing odd, not too long. */
export function safeName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-120);
  return cleaned || 'file';
}

/**
 * Writes each image and other file into `dir` (the session's temp folder) under a fresh name
 * and returns the message with one block per file appended. `vision: false` refuses images.
 */
export async function withFiles(
  text: string,
  files: FileAttachment[] | undefined,
  dir: () => string,
  vision: boolean | undefined,
  modelName: string,
): Promise<string> {
  if (!files?.length) return text;
  if (vision === false && files.some((f) => f.kind === 'image'))
    throw new ContractError(
      'no_vision',
      `${modelName} cannot read images (model.vision is false); remove the image to send.`,
    );
  let message = text;
  for (const file of files) {
    const bytes = Buffer.from(file.data, 'base64');
    if (file.kind === 'text') {
      message += fileBlock({ kind: 'text', name: file.name, mime: file.mime }, bytes.toString('utf8'));
      continue;
    }
    const folder = join(dir(), 'attachments');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const path = join(folder, `${randomBytes(4).toString('hex')}-${safeName(file.name)}`);
    await writeFile(path, bytes, { mode: 0o600, flag: 'wx' });
    message += fileBlock({ kind: file.kind, name: file.name, mime: file.mime, path });
  }
  return message;
}
