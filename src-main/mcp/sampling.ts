import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import type { ModelResolution } from '../agent/model/resolve';
import type { Elicitor } from './clientContext';

type Params = CreateMessageRequest['params'];

/** Runs one sampling request on the configured model. */
export type ModelCompletion = (params: Params, signal?: AbortSignal) => Promise<CreateMessageResult>;

/** Per server: ask the person each time, allow without asking, or refuse. */
export type SamplingPolicy = 'ask' | 'allow' | 'deny';

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

function textOf(content: Params['messages'][number]['content']): string {
  const parts = Array.isArray(content) ? content : [content];
  return parts.map((p) => (p.type === 'text' ? p.text : `[${p.type}]`)).join(' ');
}

/** The configured chat model as a sampling backend (text and images in, text out). */
export function modelCompletion(resolve: () => ModelResolution): ModelCompletion {
  return async (params, signal) => {
    const resolution = resolve();
    if (!resolution.ok)
      throw new McpError(
        ErrorCode.InternalError,
        `No model is configured: ${resolution.problems.join('; ')}`,
      );
    const { model } = resolution;
    const client = new OpenAI({
      apiKey: model.apiKey,
      baseURL: model.baseUrl,
      maxRetries: model.maxRetries,
      timeout: model.timeoutMs,
    });
    const messages: ChatCompletionMessageParam[] = [];
    if (params.systemPrompt) messages.push({ role: 'system', content: params.systemPrompt });
    for (const m of params.messages) {
      const text = textOf(m.content);
      messages.push(
        m.role === 'user' ? { role: 'user', content: text } : { role: 'assistant', content: text },
      );
    }
    const reply = await client.chat.completions.create(
      {
        model: model.name,
        messages,
        max_tokens: params.maxTokens,
        ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
        ...(params.stopSequences ? { stop: params.stopSequences } : {}),
      },
      signal ? { signal } : {},
    );
    const choice = reply.choices[0];
    return {
      role: 'assistant',
      content: { type: 'text', text: choice?.message.content ?? '' },
      model: reply.model || model.name,
      stopReason: choice?.finish_reason === 'length' ? 'maxTokens' : 'endTurn',
    };
  };
}
