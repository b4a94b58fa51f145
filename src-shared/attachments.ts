/**
 * MCP resources and files attached to a user message travel inside its text, after it, one
 * block each, so the model reads them and a stored session shows them again as chips. An image
 * block names its copy in the session's temp folder; the model client sends it as an image part.
 */
export interface AttachmentRef {
  server: string;
  uri: string;
  name: string;
}

export interface Attachment extends AttachmentRef {
  text: string;
}

/** A pasted or dropped file, as a stored message names it. */
export interface FileRef {
  kind: 'image' | 'text' | 'file';
  name: string;
  mime: string;
  /** Its copy in the session's temp folder (images and other files). */
  path?: string;
}

const OPEN = '<mcp-resource';
const CLOSE = '</mcp-resource>';
const BLOCK = /^\n\n<mcp-resource server="([^"]*)" uri="([^"]*)" name="([^"]*)">\n[\s\S]*\n<\/mcp-resource>$/;
const FILE_OPEN = '<attached-file';
const FILE_BLOCK =
  /^\n\n<attached-file kind="(image|text|file)" name="([^"]*)" type="([^"]*)"(?: path="([^"]*)")?>\n[\s\S]*\n<\/attached-file>$/;

/** A value as an attachment block's attribute holds it (how a stored prompt spells a name). */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function unattr(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

export function appendAttachments(text: string, attachments: Attachment[]): string {
  return attachments.reduce(
    (message, a) =>
      `${message}\n\n${OPEN} server="${escapeAttr(a.server)}" uri="${escapeAttr(a.uri)}" name="${escapeAttr(a.name)}">\n${a.text}\n${CLOSE}`,
    text,
  );
}

/** A file's block: an image's and another file's name their copy, a text file's holds its text. */
export function fileBlock(ref: FileRef, text?: string): string {
  const path = ref.path === undefined ? '' : ` path="${escapeAttr(ref.path)}"`;
  const body =
    ref.kind === 'text'
      ? (text ?? '')
      : ref.kind === 'image'
        ? `[image ${ref.name}]`
        : `The file was copied to ${ref.path ?? '?'}; read it from there.`;
  return `\n\n${FILE_OPEN} kind="${ref.kind}" name="${escapeAttr(ref.name)}" type="${escapeAttr(ref.mime)}"${path}>\n${body}\n</attached-file>`;
}

/** The typed text and the attachments that follow it (blocks at the very end only). */
export function splitAttachments(message: string): {
  text: string;
  attachments: AttachmentRef[];
  files: FileRef[];
} {
  const attachments: AttachmentRef[] = [];
  const files: FileRef[] = [];
  let text = message;
  for (;;) {
    const at = text.lastIndexOf(`\n\n${OPEN} `);
    const fileAt = text.lastIndexOf(`\n\n${FILE_OPEN} `);
    if (fileAt > at) {
      const f = FILE_BLOCK.exec(text.slice(fileAt));
      if (!f) break;
      const [, kind = 'file', name = '', mime = '', path] = f;
      files.unshift({
        kind: kind as FileRef['kind'],
        name: unattr(name),
        mime: unattr(mime),
        ...(path === undefined ? {} : { path: unattr(path) }),
      });
      text = text.slice(0, fileAt);
      continue;
    }
    const m = at < 0 ? null : BLOCK.exec(text.slice(at));
    if (!m) break;
    const [, server = '', uri = '', name = ''] = m;
    attachments.unshift({ server: unattr(server), uri: unattr(uri), name: unattr(name) });
    text = text.slice(0, at);
  }
  return { text, attachments, files };
}

/**
 * A prompt as its bubble shows it: the text typed, then its attachments' names in the order of
 * their chips (resources, then files); what they hold is not shown.
 */
export function shownPrompt(message: string): { text: string; names: string[] } {
  const { text, attachments, files } = splitAttachments(message);
  return { text, names: [...attachments, ...files].map((a) => a.name) };
}
