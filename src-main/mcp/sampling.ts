import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import type { AskPolicy } from '../../src-shared/ipc/schemas';
import type { Elicitor, ModelCompletion, SamplingParams as Params } from './clientTypes';
import { textOf } from './samplingText';

export type { ModelCompletion } from './clientTypes';

/** Per server: ask the person each time, allow without asking, or refuse. */
export type SamplingPolicy = AskPolicy;

/** At most this many sampling requests per server per minute, approved or not. */
export const SAMPLES_PER_MINUTE = 10;

/** A sliding one-minute window of request times. */
export class RateLimiter {
  private readonly times: number[] = [];
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(): boolean {
    const t = this.now();
    while (this.times.length > 0 && (this.times[0] ?? 0) <= t - 60_000) this.times.shift();
    if (this.times.length >= this.perMinute) return false;
    this.times.push(t);
    return true;
  }
}

/**
 * Answers a server's sampling/createMessage: refused by policy or rate, approved by a person
 * (a form with no fields: accept means allow) unless the policy allows it, then the model.
 */
export async function sample(
  request: { server: string; policy: SamplingPolicy; params: Params },
  deps: { complete: ModelCompletion; elicit: Elicitor | undefined; limiter: RateLimiter },
  signal?: AbortSignal,
): Promise<CreateMessageResult> {
  const { server, policy, params } = request;
  if (policy === 'deny')
    throw new McpError(ErrorCode.InvalidRequest, 'Sampling is turned off for this server');
  if (!deps.limiter.take())
    throw new McpError(
      ErrorCode.InvalidRequest,
      `Too many sampling requests (over ${SAMPLES_PER_MINUTE} a minute)`,
    );
  if (policy === 'ask') {
    const answer = await deps.elicit?.(
      {
        server,
        message: `MCP server "${server}" wants your model to answer (up to ${params.maxTokens} tokens): ${summary(params)}`,
        schema: { type: 'object', properties: {} },
      },
      signal,
    );
    if (answer?.action !== 'accept')
      throw new McpError(ErrorCode.InvalidRequest, 'The user declined the sampling request');
  }
  return deps.complete(params, signal);
}

function summary(params: Params): string {
  const last = [...params.messages].reverse().find((m) => m.role === 'user');
  const text = last ? textOf(last.content) : '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
