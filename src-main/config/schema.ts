import { z } from 'zod';
import {
  ApprovalsBlockSchema,
  AskPolicySchema,
  MemoryWriteApprovalSchema,
} from '../../src-shared/ipc/schemas';
import { SandboxConfigSchema } from './sandboxSchema';
import { NetworkConfigSchema } from './networkSchema';
import { TerminalConfigSchema } from './terminalSchema';
import { CheckpointsConfigSchema } from './checkpointsSchema';

const stringList = z.array(z.string()).default([]);

/** OAuth for an HTTP server. Tokens and client secrets live in the secret store, not here. */
export const McpOAuthSchema = z
  .object({
    /** A pre-registered client; its secret is given to `caduceus mcp login --client-secret-stdin`. */
    client_id: z.string().min(1).optional(),
    /** An https URL of this client's metadata document, used as client_id where supported. */
    client_metadata_url: z.string().url().optional(),
    /** A fixed loopback port for the redirect URI, for clients registered with one. */
    redirect_port: z.number().int().min(1).max(65535).optional(),
    /** Scopes to ask for when the server names none. */
    scope: z.string().min(1).optional(),
  })
  .strict();
export type McpOAuthConfig = z.infer<typeof McpOAuthSchema>;

export const McpServerSchema = z
  .object({
    command: z.string().optional(),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    url: z.string().url().optional(),
    headers: z.record(z.string(), z.string()).default({}),
    oauth: McpOAuthSchema.default({}),
    /** The server asking our model (sampling): ask the person each time, allow, or deny. */
    sampling: AskPolicySchema.default('ask'),
    timeout: z.number().positive().default(30),
    enabled: z.boolean().default(true),
    tools: z
      .object({ include: z.array(z.string()).optional(), exclude: stringList })
      .default({ exclude: [] }),
    supports_parallel_tool_calls: z.boolean().default(false),
    /** Run this stdio server inside the command sandbox (config.yaml `sandbox:`). */
    sandbox: z.boolean().default(false),
  })
  .refine((s) => Boolean(s.command) !== Boolean(s.url), {
    message: 'give either command (stdio) or url (HTTP), not both',
  });
export type McpServerConfig = z.infer<typeof McpServerSchema>;

export const ModelConfigSchema = z.object({
  provider: z.string().optional(),
  base_url: z.string().optional(),
  name: z.string().optional(),
  /** Environment variable holding the key, when not the provider's usual one. */
  api_key_env: z.string().optional(),
  /** Retries on 429 and 5xx, with backoff. */
  max_retries: z.number().int().min(0).max(10).optional(),
  timeout_seconds: z.number().positive().optional(),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.number().int().positive().optional(),
  /** Whether the model reads images: false refuses pasted images; unset tries and explains a refusal. */
  vision: z.boolean().optional(),
  /** USD per million tokens, for a model whose provider's model list gives no prices. */
  pricing: z
    .object({ input_per_mtok: z.number().nonnegative(), output_per_mtok: z.number().nonnegative() })
    .optional(),
});
export type ModelConfig = z.infer<typeof ModelConfigSchema>;

export const AgentConfigSchema = z.object({
  max_iterations: z.number().int().positive().default(90),
  /** Characters of persistent memory; the memory tool refuses to grow past this. */
  memory_char_limit: z.number().int().positive().default(2_200),
  delegation: z
    .object({
      max_depth: z.number().int().min(0).max(5).default(2),
      max_concurrent: z.number().int().min(1).max(8).default(3),
    })
    .default({ max_depth: 2, max_concurrent: 3 }),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

/** Memory is in every later session's prompt: `ask` puts each write to a person, `allow` records it. */
export const MemoryConfigSchema = z.object({
  write_approval: MemoryWriteApprovalSchema.default('allow'),
});

/** How many sessions' turns run at once; a turn waiting for a person does not count. */
export const SessionsConfigSchema = z.object({
  max_concurrent_turns: z.number().int().min(1).max(32).default(4),
});

/** System notifications when a session needs a person, or ends a turn longer than the threshold. */
export const NotificationsConfigSchema = z.object({
  enabled: z.boolean().default(true),
  min_turn_seconds: z.number().int().min(0).default(30),
});

/** Where session worktrees are made: `<root>/<repo>/<session>`; never under `$CADUCEUS_HOME`. */
export const WorktreesConfigSchema = z.object({
  root: z.string().min(1).default('~/caduceus-worktrees'),
});

/** config.yaml. Unknown top-level keys are kept so other versions' settings survive. */
export const ConfigSchema = z.looseObject({
  model: ModelConfigSchema.default({}),
  agent: AgentConfigSchema.default({
    max_iterations: 90,
    memory_char_limit: 2_200,
    delegation: { max_depth: 2, max_concurrent: 3 },
  }),
  memory: MemoryConfigSchema.default({ write_approval: 'allow' }),
  sessions: SessionsConfigSchema.prefault({}),
  notifications: NotificationsConfigSchema.prefault({}),
  worktrees: WorktreesConfigSchema.prefault({}),
  toolsets: z
    .object({ enabled: z.array(z.string()).optional(), disabled: stringList })
    .default({ disabled: [] }),
  plugins: z.object({ enabled: stringList, packages: stringList }).default({ enabled: [], packages: [] }),
  mcp_servers: z.record(z.string(), McpServerSchema).default({}),
  command_allowlist: stringList,
  terminal: TerminalConfigSchema.prefault({}),
  sandbox: SandboxConfigSchema.prefault({}),
  network: NetworkConfigSchema.prefault({}),
  checkpoints: CheckpointsConfigSchema.prefault({}),
  approvals: ApprovalsBlockSchema.prefault({}),
});
export type Config = z.infer<typeof ConfigSchema>;

export function defaultConfig(): Config {
  return ConfigSchema.parse({});
}
