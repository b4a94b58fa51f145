/**
 * The channel an execute_code script calls tools through: a loopback HTTP server, one per
 * execution, that accepts `POST /call {tool, args}` with a random bearer token and answers
 * `{result}` — the tool's result string — by dispatching through the runtime.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toolError } from '../../runtime/errors';
import type { ToolArgs, ToolContext, ToolOutcome } from '../../runtime/types';
import { messageOf } from '../terminal/wiring';

const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface RpcServerOptions {
  dispatch: (name: string, args: ToolArgs, ctx: ToolContext) => Promise<ToolOutcome>;
  /** Tools the script may call; anything else is refused with 403. */
  callable: readonly string[];
  /** The execute_code call: tools run under its task, session and tool call id. */
  call: ToolContext;
  /** Aborted when the script ends or the turn is cancelled; tool calls still running stop. */
  signal: AbortSignal;
  maxCalls: number;
}

export interface RpcServer {
  url: string;
  /** The loopback port, which a sandboxed script is let through to. */
  port: number;
  token: string;
  /** Tool calls dispatched so far. */
  readonly calls: number;
  close(): Promise<void>;
}

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  let calls = 0;
  const server = createServer((request, response) => {
    void answer(request).then(
      ([status, body]) => reply(response, status, body),
      (error: unknown) => reply(response, 500, { error: messageOf(error) }),
    );
  });

  async function answer(request: IncomingMessage): Promise<[number, object]> {
    if (request.method !== 'POST' || request.url !== '/call') return [404, { error: 'POST /call only' }];
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return [401, { error: 'bad token' }];
    const body = parseBody(await readBody(request));
    if (typeof body === 'string') return [400, { error: body }];
    if (!options.callable.includes(body.tool)) {
      const allowed = options.callable.join(', ');
      return [
        403,
        { error: `${body.tool} cannot be called from execute_code; the script may call: ${allowed}` },
      ];
    }
    if (++calls > options.maxCalls)
      return [429, { error: `the script made more than ${options.maxCalls} tool calls` }];
    const ctx: ToolContext = { ...options.call, signal: options.signal, onOutput: undefined };
    const outcome = await options
      .dispatch(body.tool, body.args, ctx)
      .catch((error: unknown) => toolError(messageOf(error)));
    return [200, { result: outcome.text }];
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/call`,
    port,
    token,
    get calls() {
      return calls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function reply(response: ServerResponse, status: number, body: object): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string): { tool: string; args: ToolArgs } | string {
  const shape = 'the body must be JSON {"tool": "<name>", "args": {...}}';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return shape;
  }
  if (typeof body !== 'object' || body === null) return shape;
  const { tool, args = {} } = body as { tool?: unknown; args?: unknown };
  if (typeof tool !== 'string' || typeof args !== 'object' || args === null || Array.isArray(args))
    return shape;
  return { tool, args: args as ToolArgs };
}
