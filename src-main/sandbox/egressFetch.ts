/**
 * A fetch that passes the egress policy: each hop (the first request and every redirect) is
 * judged, then connected to the very address judged, through node:http's `lookup` hook.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { EgressRefused, type EgressAsk, type EgressPolicy, type ResolvedAddress } from './egress';

export const MAX_REDIRECTS = 10;

export interface GuardedFetchOptions {
  policy: EgressPolicy;
  ask?: EgressAsk;
  signal?: AbortSignal;
}

/** A `lookup` that answers with the checked address whatever name it is asked about. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    const all = typeof options === 'object' && options.all === true;
    if (all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Like fetch(url, init), following redirects itself (`init.redirect: 'manual'` returns the first answer). */
export async function guardedFetch(
  url: string,
  init: RequestInit,
  options: GuardedFetchOptions,
): Promise<Response> {
  let current = new URL(url);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = bodyBytes(init.body);
  const headers = new Headers(init.headers);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      throw new EgressRefused(`${current.protocol} URLs are not fetched`);
    const decision = await options.policy.checkUrl(current, options.ask);
    if (!decision.allowed)
      throw new EgressRefused(
        hop === 0 ? decision.reason : `it redirects to ${current.href}, and ${decision.reason}`,
      );
    const answer = await send(current, method, headers, body, decision, options.signal);
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.statusCode ?? 0) || !location || init.redirect === 'manual')
      return toResponse(answer, current);
    answer.resume();
    if (hop >= MAX_REDIRECTS) throw new EgressRefused(`More than ${MAX_REDIRECTS} redirects from ${url}`);
    const next = new URL(location, current);
    if (next.origin !== current.origin) {
      headers.delete('authorization');
      headers.delete('cookie');
    }
    if (
      answer.statusCode === 303 ||
      ((answer.statusCode === 301 || answer.statusCode === 302) && method === 'POST')
    ) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = undefined;
      headers.delete('content-type');
    }
    current = next;
  }
}

function bodyBytes(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('guardedFetch sends string or byte bodies only');
}

function send(
  url: URL,
  method: string,
  headers: Headers,
  body: Buffer | undefined,
  pinned: ResolvedAddress,
  signal: AbortSignal | undefined,
): Promise<IncomingMessage> {
  const outgoing: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  headers.forEach((value, name) => (outgoing[name] = value));
  if (body) outgoing['content-length'] = String(body.length);
  const make = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = make(
      url,
      { method, headers: outgoing, lookup: pinnedLookup(pinned), agent: false, signal },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
}

function toResponse(answer: IncomingMessage, url: URL): Response {
  const headers = new Headers();
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? '', raw[i + 1] ?? '');
  const status = answer.statusCode ?? 502;
  let stream: Readable = answer;
  const encoding = (answer.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (decoder) {
    stream = answer.pipe(decoder);
    answer.on('error', (err) => decoder.destroy(err));
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  const responseBody = NULL_BODY.has(status) ? null : (Readable.toWeb(stream) as ReadableStream<Uint8Array>);
  if (!responseBody) answer.resume();
  const response = new Response(responseBody, { status, statusText: answer.statusMessage ?? '', headers });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}
