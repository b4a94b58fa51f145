import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpCatalog } from '../../src-shared/ipc/mcpSchemas';
import type { McpConnection } from './connection';

/** Settings and the composer show at most this many of each. */
const LISTED = 200;

/** A connected server's resources and prompts, as Settings and the composer show them. */
export async function listCatalog(connection: McpConnection): Promise<McpCatalog> {
  const [resources, prompts] = await Promise.all([
    connection.hasResources() ? connection.listResources(LISTED) : [],
    connection.hasPrompts() ? connection.listPrompts(LISTED) : [],
  ]);
  return {
    resources: resources.map((r) => ({
      uri: r.uri,
      name: r.title ?? r.name,
      ...(r.description ? { description: r.description } : {}),
      ...(r.mimeType ? { mimeType: r.mimeType } : {}),
    })),
    prompts: prompts.map((p) => ({
      name: p.name,
      ...(p.description ? { description: p.description } : {}),
      arguments: (p.arguments ?? []).map((a) => ({
        name: a.name,
        ...(a.description ? { description: a.description } : {}),
        ...(a.required !== undefined ? { required: a.required } : {}),
      })),
    })),
  };
}

/** A prompt's messages as the text of one user message: text parts and embedded text resources. */
export function promptText(result: GetPromptResult): string {
  const parts: string[] = [];
  for (const message of result.messages) {
    const content = message.content;
    if (content.type === 'text') parts.push(content.text);
    else if (content.type === 'resource' && 'text' in content.resource)
      parts.push(String(content.resource.text));
    else if (content.type === 'resource_link') parts.push(content.uri);
  }
  return parts.join('\n\n');
}
