import { z } from 'zod';

/** A resource an MCP server lists (resources/list). */
export const McpResourceInfoSchema = z.object({
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});

/** A prompt an MCP server lists (prompts/list), with the arguments it takes. */
export const McpPromptInfoSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  arguments: z.array(
    z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() }),
  ),
});
export type McpPromptInfo = z.infer<typeof McpPromptInfoSchema>;

/** What a connected server offers besides tools; a server without the capability lists none. */
export const McpCatalogSchema = z.object({
  resources: z.array(McpResourceInfoSchema),
  prompts: z.array(McpPromptInfoSchema),
});
export type McpCatalog = z.infer<typeof McpCatalogSchema>;

/** prompts/get for the composer: the prompt's messages, flattened to text. */
export const McpPromptRequestSchema = z
  .object({
    server: z.string().min(1),
    prompt: z.string().min(1),
    arguments: z.record(z.string(), z.string().max(10_000)),
  })
  .strict();
export const McpPromptTextSchema = z.object({ text: z.string() });

/** A server's resource to read and attach to the outgoing message (chat.send). */
export const AttachmentRefSchema = z
  .object({ server: z.string().min(1), uri: z.string().min(1).max(4000), name: z.string().max(500) })
  .strict();
