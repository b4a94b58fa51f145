import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { listModels, probeKey, testModel } from './modelSetup';

describe('probeKey', () => {
  const saved = { key: 'sk-saved', baseUrl: 'https://api.example.com/v1' };

  it('sends the saved key only to the server it was saved for', () => {
    expect(probeKey({ base_url: 'https://api.example.com/v1/' }, saved, {})).toBe('sk-saved');
    expect(probeKey({ base_url: 'https://evil.example.net/v1' }, saved, {})).toBe('no-key');
    expect(probeKey({ base_url: 'https://evil.example.net/v1', apiKey: 'typed' }, saved, {})).toBe('typed');
  });

  it('sends a provider’s environment key only to that provider’s own URL', () => {
    const env = { OPENAI_API_KEY: 'sk-env' };
    const none = { key: undefined, baseUrl: undefined };
    expect(probeKey({ provider: 'openai', base_url: 'https://api.openai.com/v1' }, none, env)).toBe('sk-env');
    expect(probeKey({ provider: 'openai', base_url: 'http://127.0.0.1:9/v1' }, none, env)).toBe('no-key');
  });
});

describe('model probes against an OpenAI-compatible server', () => {
  let model: ScriptedModel;
  beforeAll(async () => (model = await ScriptedModel.start()));
  afterAll(() => model.close());

  it('lists /models and reports the server’s own error on a failed test', async () => {
    model.modelIds = ['b-model', 'a-model'];
    expect(await listModels({ base_url: model.baseUrl }, 'k')).toEqual({ models: ['a-model', 'b-model'] });
    model.push({ status: 404, message: 'The model `nope` does not exist' });
    const failed = await testModel({ base_url: model.baseUrl, name: 'nope' }, 'k');
    expect(failed).toEqual({
      ok: false,
      message: `POST ${model.baseUrl}/chat/completions: HTTP 404 Not Found — The model \`nope\` does not exist`,
    });
  });

  it('reports a server that is not there', async () => {
    const gone = await ScriptedModel.start();
    await gone.close();
    const result = await listModels({ base_url: gone.baseUrl }, 'k');
    expect(result.models).toEqual([]);
    expect(result.error).toMatch(/ECONNREFUSED/);
  });
});
