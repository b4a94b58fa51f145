import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import type { ReadableSecretStore } from './auth/credentials';
import type { McpSandbox } from './connection';
import { FileSecretStore } from './auth/fileSecrets';
import { declineAll } from './elicitation';
import type { ModelCompletion } from './sampling';

/** A form a server asks the person to fill in (MCP elicitation, form mode). */
export interface ElicitationRequest {
  server: string;
  message: string;
  schema: Extract<ElicitRequest['params'], { requestedSchema: unknown }>['requestedSchema'];
}

/** Answers a form: accept with content, decline, or cancel. */
export type Elicitor = (request: ElicitationRequest, signal?: AbortSignal) => Promise<ElicitResult>;

/** What Caduceus offers every MCP server it connects to, beyond calling tools. */
export interface McpClientContext {
  /** Where OAuth tokens and client secrets are kept; HTTP servers get OAuth only with it. */
  secrets?: ReadableSecretStore;
  /** Answers elicitation requests; without it the client does not offer elicitation. */
  elicit?: Elicitor;
  /** The configured model for sampling requests; without it the client does not offer sampling. */
  complete?: ModelCompletion;
  /** The workspace folders offered as roots; without it the client does not offer roots. */
  roots?: () => string[];
  /** For stdio servers configured with `sandbox: true`. */
  sandbox?: McpSandbox;
}

/** Where the CLI and `caduceus serve` keep MCP OAuth credentials (Electron uses its keychain). */
export function mcpCredentialsFile(home: string): string {
  return join(home, 'mcp-credentials.json');
}

/** The context a process offers its MCP servers: the defaults, then what the host supplies. */
export function mcpClientContext(
  home: string,
  cwd: string,
  given: Partial<McpClientContext> = {},
): McpClientContext {
  return {
    secrets: given.secrets ?? new FileSecretStore(mcpCredentialsFile(home)),
    roots: given.roots ?? (() => [cwd]),
    // Without someone to ask, forms are declined: the server may go on without the data.
    elicit: given.elicit ?? declineAll,
    ...(given.complete ? { complete: given.complete } : {}),
    ...(given.sandbox ? { sandbox: given.sandbox } : {}),
  };
}
