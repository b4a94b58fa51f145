// An MCP server whose tool list grows when `add_tool` is called; it announces the change.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'changing', version: '1.0.0' });
server.registerTool(
  'add_tool',
  { description: 'Registers a tool named by the argument', inputSchema: { name: z.string() } },
  async ({ name }) => {
    server.registerTool(name, { description: `Added at run time: ${name}` }, async () => ({
      content: [{ type: 'text', text: `${name} says hi` }],
    }));
    return { content: [{ type: 'text', text: `added ${name}` }] };
  },
);
await server.connect(new StdioServerTransport());
