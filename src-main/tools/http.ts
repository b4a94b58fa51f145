/** HTTP helpers shared by the tool families that call web APIs: timeouts, caps, clear errors. */
import type { z } from 'zod';
import { EgressRefused, type EgressAsk, type EgressPolicy } from '../sandbox/egress';
import { guardedFetch } from '../sandbox/egressFetch';

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * How a request passes the egress policy: `configured` for an endpoint the person set (a
 * provider's base URL from the environment), else the policy and, when a person may be asked,
 * the question. Every caller says which.
 */
export type Egress = 'configured' | { policy: EgressPolicy; ask?: EgressAsk };

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  egress: Egress;
}

/** A failed HTTP exchange, with a message fit for a model (never a header or key). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A base URL from the environment (for tests and self-hosted services), else the default. */
export function baseUrlFrom(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!isHttpUrl(value)) throw new HttpError(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** Cuts text to `max` characters with a visible marker. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n\n[... truncated: ${text.length - max} more characters]`;
}

/**
 * Runs one fetch bounded by a timeout and the caller's signal, turning aborts and network
 * failures into HttpError messages that say which host and why.
 */
export async function request(url: string, init: RequestInit, options: RequestOptions) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = new AbortController();
  const expire = () => timeout.abort(new DOMException('timed out', 'TimeoutError'));
  // Left running after the answer: it bounds reading the body too, and never holds the process open.
  let timer = setTimeout(expire, timeoutMs).unref();
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
  const host = safeHost(url);
  const { egress } = options;
  try {
    // An endpoint the person configured (a provider's base URL): exempt from the egress policy by design.
    if (egress === 'configured') return await fetch(url, { ...init, signal });
    const { policy, ask } = egress;
    // The time a person takes to answer is not the server's: the clock stops while they are asked.
    const paused: EgressAsk | undefined =
      ask &&
      (async (target) => {
        clearTimeout(timer);
        try {
          return await ask(target);
        } finally {
          timer = setTimeout(expire, timeoutMs).unref();
        }
      });
    return await guardedFetch(url, init, { policy, signal, ...(paused ? { ask: paused } : {}) });
  } catch (err) {
    if (err instanceof EgressRefused) throw new HttpError(`Refused to fetch ${url}: ${err.message}`);
    if (options.signal?.aborted) throw new HttpError(`Request to ${host} was cancelled`);
    if (timeout.signal.aborted)
      throw new HttpError(`Request to ${host} timed out after ${Math.round(timeoutMs / 1000)} s`);
    // fetch wraps the network error in a cause; node:http throws it as is, with a code.
    const inner =
      err instanceof Error
        ? err.cause instanceof Error
          ? err.cause
          : 'code' in err
            ? err
            : undefined
        : undefined;
    throw new HttpError(`Request to ${host} failed${inner ? `: ${inner.message}` : ''}`);
  }
}

/** Throws an HttpError naming the status and the start of the body when the response failed. */
export async function ensureOk(response: Response, what: string): Promise<Response> {
  if (response.ok) return response;
  const body = (await response.text().catch(() => '')).slice(0, 300).trim();
  throw new HttpError(`${what} answered HTTP ${response.status}${body ? `: ${body}` : ''}`, response.status);
}

/** Fetches JSON and checks its shape; a mismatch is reported, not thrown as a zod dump. */
export async function fetchJson<T extends z.ZodType>(
  url: string,
  init: RequestInit,
  schema: T,
  what: string,
  options: RequestOptions,
): Promise<z.infer<T>> {
  const response = await ensureOk(await request(url, init, options), what);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new HttpError(`${what} did not answer with JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new HttpError(`${what} answered in an unexpected shape${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/**
 * Reads a response body up to `maxBytes`. Past that, `cut` keeps the first `maxBytes` (pages)
 * and `refuse` throws (files that are useless when cut).
 */
export async function readCapped(
  response: Response,
  maxBytes: number,
  what: string,
  overflow: 'cut' | 'refuse' = 'refuse',
): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (overflow === 'refuse' && declared > maxBytes) throw tooLarge(what, maxBytes);
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      if (overflow === 'refuse') throw tooLarge(what, maxBytes);
      return Buffer.concat(chunks).subarray(0, maxBytes);
    }
  }
  return Buffer.concat(chunks);
}

function tooLarge(what: string, maxBytes: number): HttpError {
  return new HttpError(`${what} is larger than ${maxBytes} bytes`);
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the server';
  }
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
