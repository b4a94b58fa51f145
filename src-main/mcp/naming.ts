/** `mcp_<server>_<tool>` with anything outside [A-Za-z0-9_] replaced by `_`. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp_${sanitise(server)}_${sanitise(tool)}`;
}

export function mcpToolsetName(server: string): string {
  return `mcp-${server}`;
}

function sanitise(part: string): string {
  return part.replace(/[^A-Za-z0-9_]/g, '_');
}
