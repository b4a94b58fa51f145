/**
 * Types the MCP client modules share. Kept apart, with no imports of ours, so the context, the
 * connection, elicitation and sampling can all name them without importing one another.
 */
import type {
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Sandbox } from '../sandbox/sandbox';

/** Where a stdio server with `sandbox: true` runs: the command sandbox, writing only `workspace`. */
export interface McpSandbox {
  sandbox: Sandbox;
  workspace: string;
}

/** A form a server asks the person to fill in (MCP elicitation, form mode). */
export interface ElicitationRequest {
  server: string;
  message: string;
  schema: Extract<ElicitRequest['params'], { requestedSchema: unknown }>['requestedSchema'];
}

/** Answers a form: accept with content, decline, or cancel. */
export type Elicitor = (request: ElicitationRequest, signal?: AbortSignal) => Promise<ElicitResult>;

export type SamplingParams = CreateMessageRequest['params'];

/** Runs one sampling request on the configured model. */
export type ModelCompletion = (params: SamplingParams, signal?: AbortSignal) => Promise<CreateMessageResult>;
