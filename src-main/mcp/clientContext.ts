import { FileSecretStore, secretsFile } from '../config/secretFile';
import type { UrlOpener } from './auth/browser';
import type { ReadableSecretStore } from './auth/credentials';
import type { Elicitor, McpSandbox, ModelCompletion } from './clientTypes';
import { declineAll } from './elicitation';

export type { ElicitationRequest, Elicitor } from './clientTypes';

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
  /**
   * Shows a person the authorization page when a connected server asks for a wider scope
   * during a call (step-up); without it (no one at the machine) that call fails, saying so.
   */
  signInOpener?: UrlOpener;
}

/** The context a process offers its MCP servers: the defaults, then what the host supplies. */
export function mcpClientContext(
  home: string,
  cwd: string,
  given: Partial<McpClientContext> = {},
): McpClientContext {
  return {
    // Hosts give their store (config/keychain/open.ts); without one, the fallback file.
    secrets: given.secrets ?? new FileSecretStore(secretsFile(home)),
    roots: given.roots ?? (() => [cwd]),
    // Without someone to ask, forms are declined: the server may go on without the data.
    elicit: given.elicit ?? declineAll,
    ...(given.complete ? { complete: given.complete } : {}),
    ...(given.sandbox ? { sandbox: given.sandbox } : {}),
    ...(given.signInOpener ? { signInOpener: given.signInOpener } : {}),
  };
}
