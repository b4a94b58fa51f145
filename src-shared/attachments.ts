/**
 * MCP resources attached to a user message travel inside its text, after it, one block each,
 * so the model reads them and a stored session shows them again as chips.
 */
export interface AttachmentRef {
  server: string;
  uri: string;
  name: string;
}

export interface Attachment extends AttachmentRef {
  text: string;
}

const OPEN = '<mcp-resource';
const CLOSE = '</mcp-resource>';
const BLOCK = /^\n\n<mcp-resource server="([^"]*)" uri="([^"]*)" name="([^"]*)">\n[\s\S]*\n<\/mcp-resource>$/;

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function unattr(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

export function appendAttachments(text: string, attachments: Attachment[]): string {
  return attachments.reduce(
    (message, a) =>
      `${message}\n\n${OPEN} server="${attr(a.server)}" uri="${attr(a.uri)}" name="${attr(a.name)}">\n${a.text}\n${CLOSE}`,
    text,
  );
}

/** The typed text and the attachments that follow it (blocks at the very end only). */
export function splitAttachments(message: string): { text: string; attachments: AttachmentRef[] } {
  const attachments: AttachmentRef[] = [];
  let text = message;
  for (;;) {
    const at = text.lastIndexOf(`\n\n${OPEN} `);
    const m = at < 0 ? null : BLOCK.exec(text.slice(at));
    if (!m) break;
    const [, server = '', uri = '', name = ''] = m;
    attachments.unshift({ server: unattr(server), uri: unattr(uri), name: unattr(name) });
    text = text.slice(0, at);
  }
  return { text, attachments };
}
