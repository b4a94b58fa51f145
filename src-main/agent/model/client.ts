import { APIConnectionError, APIError, APIUserAbortError, OpenAI } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsBase,
} from 'openai/resources/chat/completions';
import type { ChatMessage, ToolCall } from '../../../src-shared/sessions';
import type { TokenUsage } from '../../../src-shared/usage';
import type { ToolDefinition } from '../../runtime/types';
import { ImageCache, toWireMessages } from './imageParts';
import { PriceList } from './pricing';
import type { ResolvedModel } from './resolve';

export interface ModelRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  signal?: AbortSignal;
  onTextDelta?: (text: string) => void;
}

export interface ModelReply {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  /** The tokens the server reported for this call; absent when it reported none. */
  usage?: TokenUsage;
}

/** Token counts as a reply carries them, before pricing. */
interface RawUsage {
  input: number;
  output: number;
}

/** What the loop needs from a model; the OpenAI-compatible client is the one implementation. */
export interface ModelClient {
  readonly name: string;
  complete(request: ModelRequest): Promise<ModelReply>;
}

/** A failed model request after retries, with a message fit for the user. */
export class ModelError extends Error {
  override name = 'ModelError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export class OpenAiChatClient implements ModelClient {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly prices: PriceList;
  private readonly images = new ImageCache();
  /** Cleared when the server rejects `stream_options` (some OpenAI-compatible servers do). */
  private askUsage = true;

  constructor(private readonly model: ResolvedModel) {
    this.prices = new PriceList(model);
    this.name = model.name;
    // The client's own retry loop backs off exponentially and honours retry-after headers.
    this.client = new OpenAI({
      apiKey: model.apiKey,
      baseURL: model.baseUrl,
      maxRetries: model.maxRetries,
      timeout: model.timeoutMs,
    });
  }

  async complete(request: ModelRequest): Promise<ModelReply> {
    const wire = toWireMessages(request.messages, this.images);
    const body: ChatCompletionCreateParamsBase = {
      model: this.model.name,
      messages: wire.messages,
      ...(request.tools.length > 0 ? { tools: request.tools } : {}),
      ...(this.model.temperature !== undefined ? { temperature: this.model.temperature } : {}),
      ...(this.model.maxTokens !== undefined ? { max_tokens: this.model.maxTokens } : {}),
    };
    try {
      const { reply, usage } = await this.request(body, request);
      return usage ? { ...reply, usage: await this.prices.usage(usage.input, usage.output) } : reply;
    } catch (err) {
      if (wire.images > 0 && err instanceof APIError && [400, 413, 415, 422].includes(err.status ?? 0))
        throw new ModelError(
          `${this.model.name} did not take the attached image (${err.message}). If this model cannot read images, set model.vision: false in config.yaml; your text was kept.`,
          err.status,
        );
      throw toModelError(err, this.model.baseUrl, request.signal);
    }
  }

  private async request(
    body: ChatCompletionCreateParamsBase,
    request: ModelRequest,
  ): Promise<{ reply: ModelReply; usage: RawUsage | undefined }> {
    if (!this.model.stream) {
      const reply = await this.client.chat.completions.create(
        { ...body, stream: false },
        { signal: request.signal },
      );
      return { reply: fromCompletion(reply), usage: rawUsage(reply.usage) };
    }
    const askUsage = this.askUsage;
    let stream;
    try {
      stream = await this.client.chat.completions.create(
        { ...body, stream: true, ...(askUsage ? { stream_options: { include_usage: true } } : {}) },
        { signal: request.signal },
      );
    } catch (err) {
      // A server that rejects the option gets the request again without it, from now on.
      if (!askUsage || !(err instanceof APIError) || (err.status !== 400 && err.status !== 422)) throw err;
      this.askUsage = false;
      return this.request(body, request);
    }
    const acc = new ReplyAccumulator();
    for await (const chunk of stream) {
      const text = acc.add(chunk);
      if (text) request.onTextDelta?.(text);
    }
    // The client ends a stream quietly when its signal fires; a cut-off reply is no reply.
    if (request.signal?.aborted) throw new APIUserAbortError();
    return { reply: acc.reply(), usage: acc.usage };
  }
}

function rawUsage(
  usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined,
): RawUsage | undefined {
  if (!usage) return undefined;
  return { input: usage.prompt_tokens ?? 0, output: usage.completion_tokens ?? 0 };
}

/** Builds one reply from streamed chunks; tool-call deltas are joined by their index. */
export class ReplyAccumulator {
  private content = '';
  private finishReason: string | null = null;
  private readonly calls = new Map<number, { id: string; name: string; args: string }>();
  /** The last chunk's usage: servers send it on a final chunk with no choices. */
  usage: RawUsage | undefined;

  /** Adds a chunk; returns the text it carried. */
  add(chunk: ChatCompletionChunk): string {
    this.usage = rawUsage(chunk.usage) ?? this.usage;
    const choice = chunk.choices[0];
    if (!choice) return '';
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    for (const delta of choice.delta.tool_calls ?? []) {
      const call = this.calls.get(delta.index) ?? { id: '', name: '', args: '' };
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name += delta.function.name;
      if (delta.function?.arguments) call.args += delta.function.arguments;
      this.calls.set(delta.index, call);
    }
    const text = choice.delta.content ?? '';
    this.content += text;
    return text;
  }

  reply(): ModelReply {
    const ordered = [...this.calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
    return {
      content: this.content,
      toolCalls: withIds(ordered.map((c) => ({ id: c.id, name: c.name, args: c.args }))),
      finishReason: this.finishReason,
    };
  }
}

function fromCompletion(reply: ChatCompletion): ModelReply {
  const choice = reply.choices[0];
  const calls = (choice?.message.tool_calls ?? []).flatMap((c) =>
    c.type === 'function' ? [{ id: c.id, name: c.function.name, args: c.function.arguments }] : [],
  );
  return {
    content: choice?.message.content ?? '',
    toolCalls: withIds(calls),
    finishReason: choice?.finish_reason ?? null,
  };
}

/** Some local servers send empty or repeated call ids; results must map back one to one. */
function withIds(calls: { id: string; name: string; args: string }[]): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((c, i) => {
    let id = c.id;
    if (!id || seen.has(id)) id = `call_${Date.now().toString(36)}_${i}`;
    seen.add(id);
    return { id, type: 'function', function: { name: c.name, arguments: c.args } };
  });
}

function toModelError(err: unknown, baseUrl: string, signal?: AbortSignal): unknown {
  if (signal?.aborted || err instanceof APIUserAbortError) return err;
  if (err instanceof APIConnectionError) {
    return new ModelError(`Could not reach the model at ${baseUrl}: ${err.message}`);
  }
  if (err instanceof APIError) {
    return new ModelError(`Model request failed (${err.status ?? 'no status'}): ${err.message}`, err.status);
  }
  return err;
}
