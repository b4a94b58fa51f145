import type { McpServerStatus } from '../mcp/manager';
import { mcpToolsetName } from '../mcp/naming';
import type { ToolsetInfo } from '../runtime/runtime';

/** An MCP server's state beside its toolset: why a toolset without tools has none. */
export interface McpRowStatus {
  server: string;
  state: McpServerStatus['state'];
  error?: string;
  tools: number;
}

export type ToolsetRow = Omit<ToolsetInfo, 'kind'> & { kind: string; mcp?: McpRowStatus };

/**
 * The rows of `caduceus toolsets --json`: every toolset, and every configured MCP server under
 * its toolset name, including those that registered nothing (needs sign-in, failed, disabled).
 */
export function toolsetRows(infos: ToolsetInfo[], servers: McpServerStatus[]): ToolsetRow[] {
  const rows: ToolsetRow[] = infos.map((info) => ({ ...info }));
  for (const status of servers) {
    const mcp: McpRowStatus = {
      server: status.name,
      state: status.state,
      ...(status.error !== undefined ? { error: status.error } : {}),
      tools: status.tools.length,
    };
    const name = mcpToolsetName(status.name);
    const row = rows.find((r) => r.name === name);
    if (row) row.mcp = mcp;
    else rows.push(emptyRow(name, status, mcp));
  }
  return rows;
}

function emptyRow(name: string, status: McpServerStatus, mcp: McpRowStatus): ToolsetRow {
  return {
    name,
    kind: 'mcp',
    description: `MCP server ${status.name}: ${status.state}${status.error ? ` (${status.error})` : ''}`,
    tools: [],
    includes: [],
    availability: 'unavailable',
    available: false,
    toolsAvailable: 0,
    toolsTotal: 0,
    toolAvailability: [],
    requiresEnv: [],
    missingEnv: [],
    unavailable: {},
    mcp,
  };
}
