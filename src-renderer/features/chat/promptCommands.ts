import type { McpPromptInfo } from '../../../src-shared/ipc/mcpSchemas';
import type { McpServerInfo } from '../../../src-shared/ipc/schemas';
import { api, unwrap } from '../../api/client';

/** A connected MCP server's prompt, offered in the composer as `/server:prompt`. */
export interface PromptCommand {
  server: string;
  prompt: McpPromptInfo;
  command: string;
}

/** The text after `/` while the composer holds only a slash command being typed, else undefined. */
export function slashQuery(text: string): string | undefined {
  return /^\/(\S*)$/.exec(text)?.[1];
}

export function filterCommands(commands: PromptCommand[], query: string): PromptCommand[] {
  const q = query.toLowerCase();
  return commands.filter((c) => c.command.toLowerCase().includes(q));
}

/** The prompts of every connected server; a server that cannot list them is left out. */
export async function loadPromptCommands(servers: McpServerInfo[]): Promise<PromptCommand[]> {
  const connected = servers.filter((s) => s.state === 'connected');
  const lists = await Promise.all(
    connected.map(async (s) => {
      const catalog = await unwrap(api().mcpCatalog({ name: s.name })).catch(() => undefined);
      return (catalog?.prompts ?? []).map((prompt) => ({
        server: s.name,
        prompt,
        command: `${s.name}:${prompt.name}`,
      }));
    }),
  );
  return lists.flat();
}
