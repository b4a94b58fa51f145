import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../testing/scriptedModel';
import { OpenAiChatClient } from './client';
import type { ResolvedModel } from './resolve';

let server: ScriptedModel;
beforeEach(async () => {
  server = await ScriptedModel.start();
  server.usage = { prompt_tokens: 1200, completion_tokens: 300 };
});
afterEach(() => server.close());

function client(overrides: Partial<ResolvedModel> = {}): OpenAiChatClient {
  return new OpenAiChatClient({
    provider: 'custom',
    baseUrl: server.baseUrl,
    name: 'scripted-model',
    apiKey: 'k',
    local: true,
    maxRetries: 0,
    timeoutMs: 10_000,
    stream: true,
    ...overrides,
  });
}

const ask = (c: OpenAiChatClient) => c.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] });

describe('token usage from the model', () => {
  it('asks a stream for its usage and reports it, priced from the provider list', async () => {
    server.prices = { 'scripted-model': { prompt: '0.000002', completion: '0.00001' } };
    server.push({ text: 'hello' });
    const reply = await ask(client());
    expect(server.requests[0]?.body.stream_options).toEqual({ include_usage: true });
    expect(reply.content).toBe('hello');
    expect(reply.usage?.input).toBe(1200);
    expect(reply.usage?.output).toBe(300);
    expect(reply.usage?.costUsd).toBeCloseTo(1200 * 0.000002 + 300 * 0.00001, 10);
  });

  it('prices from config.yaml over the list, and leaves the cost unknown with neither', async () => {
    server.push({ text: 'a' }, { text: 'b' });
    expect((await ask(client({ pricing: { input: 1e-6, output: 2e-6 } }))).usage?.costUsd).toBeCloseTo(
      1200e-6 + 600e-6,
      10,
    );
    expect((await ask(client())).usage).toEqual({ input: 1200, output: 300, costUsd: null });
  });

  it('still works with a server that rejects stream_options, and stops sending it', async () => {
    server.rejectStreamOptions = true;
    server.push({ text: 'first' }, { text: 'second' });
    const c = client();
    expect((await ask(c)).content).toBe('first');
    expect((await ask(c)).content).toBe('second');
    expect(server.requests.map((r) => r.body.stream_options)).toEqual([
      { include_usage: true },
      undefined,
      undefined,
    ]);
  });

  it('reads usage from a non-streamed reply', async () => {
    server.push({ text: 'plain' });
    expect((await ask(client({ stream: false }))).usage).toMatchObject({ input: 1200, output: 300 });
  });
});
