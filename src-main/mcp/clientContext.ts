import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ReadableSecretStore } from './auth/credentials';

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
  /** The workspace folders offered as roots; without it the client does not offer roots. */
  roots?: () => string[];
}
