import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ChatMessage } from '../../../src-shared/sessions';
import type { ToolDefinition } from '../../runtime/types';

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** A string is sent as is, so tests can send malformed JSON. */
  arguments: string | Record<string, unknown>;
}

export type ScriptedReply =
  | {
      text?: string;
      toolCalls?: ScriptedToolCall[];
      finishReason?: string;
      /** Pause between SSE chunks, so a test can act mid-stream. */
      chunkDelayMs?: number;
    }
  | { status: number; message?: string; headers?: Record<string, string> }
  | { hang: true };

export interface RecordedRequest {
  body: {
    model: string;
    messages: ChatMessage[];
    tools?: ToolDefinition[];
    stream?: boolean;
    [key: string]: unknown;
  };
  headers: IncomingMessage['headers'];
}

export type ScriptStep =
  ScriptedReply | ((request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>);

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 that answers from a script: queued
 * replies first, then `fallback`. Serves JSON and SSE (text and tool-call deltas), errors with
 * a short retry-after, and /v1/models. Every request is recorded.
 */
export class ScriptedModel {
  readonly requests: RecordedRequest[] = [];
  /** What GET /v1/models lists. */
  modelIds = ['scripted-model'];
  /** Prices GET /v1/models lists, per model id, in USD per token (OpenRouter's shape). */
  prices: Record<string, { prompt: string; completion: string }> = {};
  /** Answers 400 to a request with `stream_options`, as some OpenAI-compatible servers do. */
  rejectStreamOptions = false;
  /** Tokens every reply reports. */
  usage = { prompt_tokens: 1, completion_tokens: 1 };
  fallback: ((request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>) | undefined;
  private readonly queue: ScriptStep[] = [];
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private port = 0;

  static async start(): Promise<ScriptedModel> {
    const model = new ScriptedModel();
    await model.listen();
    return model;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  push(...steps: ScriptStep[]): this {
    this.queue.push(...steps);
    return this;
  }

  /** Forgets queued replies, the fallback and recorded requests. */
  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
    this.fallback = undefined;
  }

  /** Names of the tools offered in one recorded request. */
  toolNames(index: number): string[] {
    return (this.requests[index]?.body.tools ?? []).map((t) => t.function.name);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async listen(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && req.url === '/v1/models') {
      return json(res, 200, {
        object: 'list',
        data: this.modelIds.map((id) => ({
          id,
          object: 'model',
          owned_by: 'test',
          ...(this.prices[id] ? { pricing: this.prices[id] } : {}),
        })),
      });
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return json(res, 404, { error: { message: `No route ${req.method} ${req.url}` } });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: RecordedRequest = {
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'],
      headers: req.headers,
    };
    this.requests.push(request);
    if (this.rejectStreamOptions && request.body.stream_options !== undefined) {
      return json(res, 400, { error: { message: 'Unrecognized request argument supplied: stream_options' } });
    }
    const step = this.queue.shift() ?? this.fallback;
    const reply: ScriptedReply = step
      ? typeof step === 'function'
        ? await step(request)
        : step
      : { status: 400, message: 'The scripted model has no reply left' };
    if ('hang' in reply) return; // Held open until the client gives up or the server closes.
    if ('status' in reply) {
      return json(
        res,
        reply.status,
        { error: { message: reply.message ?? `status ${reply.status}`, type: 'scripted' } },
        {
          'retry-after-ms': '1',
          ...reply.headers,
        },
      );
    }
    const usage = { ...this.usage, total_tokens: this.usage.prompt_tokens + this.usage.completion_tokens };
    const includeUsage = (request.body.stream_options as { include_usage?: boolean } | undefined)
      ?.include_usage;
    if (request.body.stream)
      return streamReply(res, request.body.model, reply, includeUsage ? usage : undefined);
    json(res, 200, { ...completion(request.body.model, reply), usage });
  }
}

type TextReply = Exclude<ScriptedReply, { status: number } | { hang: true }>;

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function wireCalls(reply: TextReply) {
  return (reply.toolCalls ?? []).map((c, i) => ({
    id: c.id ?? `call_${i + 1}`,
    type: 'function' as const,
    function: {
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
    },
  }));
}

function finishReason(reply: TextReply): string {
  return reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop');
}

function completion(model: string, reply: TextReply) {
  const calls = wireCalls(reply);
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text ?? null,
          ...(calls.length ? { tool_calls: calls } : {}),
        },
        finish_reason: finishReason(reply),
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** Splits a string into up to `parts` pieces, so clients must join deltas. */
function pieces(text: string, parts: number): string[] {
  if (text.length === 0) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

async function streamReply(
  res: ServerResponse,
  model: string,
  reply: TextReply,
  usage: Record<string, number> | undefined,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 0, model };
  const deltas: Record<string, unknown>[] = [{ role: 'assistant', content: '' }];
  for (const text of pieces(reply.text ?? '', 3)) deltas.push({ content: text });
  wireCalls(reply).forEach((call, index) => {
    deltas.push({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
      ],
    });
    for (const args of pieces(call.function.arguments, 2))
      deltas.push({ tool_calls: [{ index, function: { arguments: args } }] });
  });
  for (const delta of deltas) {
    if (res.destroyed) return;
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
    );
    if (reply.chunkDelayMs) await new Promise((r) => setTimeout(r, reply.chunkDelayMs));
  }
  res.write(
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason(reply) }] })}\n\n`,
  );
  // Asked for with stream_options.include_usage: a last chunk with no choices.
  if (usage) res.write(`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}
