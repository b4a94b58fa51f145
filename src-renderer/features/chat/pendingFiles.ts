import {
  IMAGE_TYPES,
  kindOf,
  MAX_FILES,
  MAX_IMAGE_BYTES,
  MAX_OTHER_BYTES,
  sizeLabel,
} from '../../../src-shared/fileLimits';
import type { FileAttachment } from '../../../src-shared/fileAttachments';

/** A file waiting in the composer to go with the next message. */
export interface PendingFile extends FileAttachment {
  id: string;
  bytes: number;
}

let next = 0;

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/** Reads what was pasted, dropped or picked; what cannot go is said in `errors`. */
export async function readPicked(
  picked: File[],
  already: number,
): Promise<{ files: PendingFile[]; errors: string[] }> {
  const files: PendingFile[] = [];
  const errors: string[] = [];
  for (const file of picked) {
    if (already + files.length >= MAX_FILES) {
      errors.push(`At most ${MAX_FILES} files go with one message; ${file.name} was left out.`);
      continue;
    }
    const image = (IMAGE_TYPES as readonly string[]).includes(file.type);
    const limit = image ? MAX_IMAGE_BYTES : MAX_OTHER_BYTES;
    if (file.size > limit) {
      errors.push(`${file.name} is ${sizeLabel(file.size)}; at most ${sizeLabel(limit)} can be attached.`);
      continue;
    }
    const name = file.name || (image ? `pasted.${file.type.split('/')[1] ?? 'png'}` : 'pasted');
    try {
      files.push({
        id: `pending-${++next}`,
        name,
        kind: kindOf(file.type, name, file.size),
        mime: file.type || 'application/octet-stream',
        data: await base64Of(file),
        bytes: file.size,
      });
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  return { files, errors };
}
