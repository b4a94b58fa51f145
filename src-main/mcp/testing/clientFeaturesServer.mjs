// An MCP server that uses the client's features: a form (elicitation) and the roots list.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer(
  { name: 'client-features', version: '1.0.0' },
  { capabilities: { logging: {} } },
);
let rootsChanges = 0;
server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  rootsChanges += 1;
});
server.registerTool('ask', { description: 'Asks for a name and a size' }, async () => {
  const result = await server.server.elicitInput({
    message: 'Which project?',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Project name', default: 'demo' },
        size: { type: 'integer', default: 3 },
        tier: { type: 'string', enum: ['free', 'pro'], default: 'pro' },
      },
      required: ['name'],
    },
  });
  return { content: [{ type: 'text', text: JSON.stringify(result) }] };
});
server.registerTool('sample', { description: "Asks the client's model to say hi" }, async () => {
  try {
    const result = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hi to the tester' } }],
      systemPrompt: 'Be brief.',
      maxTokens: 20,
    });
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  } catch (err) {
    return { content: [{ type: 'text', text: `refused: ${err.message}` }] };
  }
});
server.registerTool('log', { description: 'Logs a line while it works' }, async () => {
  await server.server.sendLoggingMessage({ level: 'info', logger: 'worker', data: 'halfway there' });
  // A round trip to the client: its log handler has run before this answer comes back.
  await server.server.ping();
  return { content: [{ type: 'text', text: 'logged' }] };
});
server.registerTool('roots', { description: 'Lists the client roots' }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: JSON.stringify({ roots, rootsChanges }) }] };
});
await server.connect(new StdioServerTransport());
