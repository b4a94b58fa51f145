import { toolError } from '../runtime/errors';
import { toolOk } from '../runtime/outcome';
import type { ToolOutcome } from '../runtime/types';

interface ContentPart {
  type: string;
  text?: string;
  mimeType?: string;
  resource?: { uri?: string; text?: string };
  uri?: string;
  name?: string;
}

export interface McpCallResult {
  content?: ContentPart[];
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

/** Turns an MCP CallToolResult into the outcome the model reads. */
export function renderMcpResult(result: McpCallResult): ToolOutcome {
  const parts = (result.content ?? []).map(renderPart);
  let text = parts.join('\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (!text && result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  return result.isError ? toolError(text || 'MCP tool reported an error') : toolOk(text);
}

function renderPart(part: ContentPart): string {
  switch (part.type) {
    case 'text':
      return part.text ?? '';
    case 'image':
    case 'audio':
      return `[${part.type}: ${part.mimeType ?? 'unknown type'}]`;
    case 'resource':
      return part.resource?.text ?? `[resource: ${part.resource?.uri ?? ''}]`;
    case 'resource_link':
      return `[resource link: ${part.name ?? ''} ${part.uri ?? ''}]`.trim();
    default:
      return `[${part.type} content]`;
  }
}
