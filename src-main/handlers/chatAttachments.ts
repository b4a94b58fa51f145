import { appendAttachments, type AttachmentRef } from '../../src-shared/attachments';
import { ContractError } from '../contract/router';
import type { McpManager } from '../mcp/manager';

/** An attached resource longer than this is cut, so one file cannot fill the model's context. */
const MAX_CHARS = 100_000;

/** Reads each attached MCP resource and appends its text to the message the model receives. */
export async function withAttachments(
  mcp: McpManager,
  text: string,
  refs: AttachmentRef[] | undefined,
): Promise<string> {
  if (!refs?.length) return text;
  const read = await Promise.all(
    refs.map(async (ref) => {
      const body = await mcp.resourceText(ref.server, ref.uri).catch((err: unknown) => {
        throw new ContractError(
          'attachment_failed',
          `Could not read ${ref.uri} from ${ref.server}: ${(err as Error).message}`,
        );
      });
      const cut =
        body.length > MAX_CHARS ? `${body.slice(0, MAX_CHARS)}\n[… cut at ${MAX_CHARS} characters]` : body;
      return { ...ref, text: cut };
    }),
  );
  return appendAttachments(text, read);
}
