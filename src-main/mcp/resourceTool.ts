import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { toolError } from '../runtime/errors';
import { toolOk } from '../runtime/outcome';
import type { ToolContext, ToolOutcome, ToolSpec } from '../runtime/types';
import type { McpConnection } from './connection';
import { mcpToolName, mcpToolsetName } from './naming';

/** How many resources the tool's description names; the rest are still readable by URI. */
const LISTED = 25;

/** One `mcp_<server>_read_resource` tool per server that offers resources. */
export async function resourceToolSpec(connection: McpConnection): Promise<ToolSpec> {
  const name = mcpToolName(connection.name, 'read_resource');
  const resources = await connection.listResources(LISTED + 1);
  const listed = resources
    .slice(0, LISTED)
    .map((r) => `- ${r.uri}${r.name ? ` (${r.name})` : ''}${r.description ? `: ${r.description}` : ''}`);
  if (resources.length > LISTED) listed.push('- … and more');
  const description = [`Reads a resource of MCP server "${connection.name}" by URI.`, ...listed].join('\n');
  return {
    name,
    toolset: mcpToolsetName(connection.name),
    schema: {
      name,
      description,
      parameters: {
        type: 'object',
        properties: { uri: { type: 'string', description: 'The resource URI' } },
        required: ['uri'],
      },
    },
    emoji: '📄',
    isAsync: true,
    parallelSafe: true,
    handler: async (args: Record<string, unknown>, ctx: ToolContext) => {
      const uri = typeof args.uri === 'string' ? args.uri : '';
      return renderResource(await connection.readResource(uri, ctx.signal));
    },
  };
}

function renderResource(result: ReadResourceResult): ToolOutcome {
  return result.contents.length > 0 ? toolOk(resourceText(result)) : toolError('the resource is empty');
}

/** A resource's text parts, with each binary part named by its URI, type and size. */
export function resourceText(result: ReadResourceResult): string {
  const parts = result.contents.map((c) =>
    'text' in c && typeof c.text === 'string'
      ? c.text
      : `[binary resource ${c.uri} ${c.mimeType ?? ''} (${Math.floor(((c as { blob?: string }).blob ?? '').length * 0.75)} bytes)]`,
  );
  return parts.join('\n');
}
