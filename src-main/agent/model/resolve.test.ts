import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../config/schema';
import { newRuntime } from '../../runtime/testing/fixtures';
import { AgentRoot } from '../agentRoot';
import { ScriptedModel } from '../testing/scriptedModel';
import { detectLocalServers, modelSetupHelp } from './detect';
import { resolveModel } from './resolve';

describe('resolveModel', () => {
  it('uses a provider preset and its key variable', () => {
    const r = resolveModel({ provider: 'openrouter', name: 'x/y' }, { OPENROUTER_API_KEY: 'or-key' });
    expect(r).toMatchObject({
      ok: true,
      model: {
        provider: 'openrouter',
        baseUrl: 'https://openrouter.ai/api/v1',
        name: 'x/y',
        apiKey: 'or-key',
        maxRetries: 3,
        stream: true,
      },
    });
  });

  it('prefers explicit overrides, then CADUCEUS_API_KEY', () => {
    const env = { CADUCEUS_API_KEY: 'generic', OPENAI_API_KEY: 'oa' };
    expect(resolveModel({ provider: 'openai', name: 'a' }, env)).toMatchObject({
      model: { apiKey: 'generic' },
    });
    const r = resolveModel({ provider: 'openai', name: 'a' }, env, {
      model: 'b',
      apiKey: 'flag',
      baseUrl: 'https://proxy.example/v1/',
    });
    expect(r).toMatchObject({ model: { name: 'b', apiKey: 'flag', baseUrl: 'https://proxy.example/v1' } });
  });

  it('infers the provider of a known base URL and never sends a provider key elsewhere', () => {
    expect(
      resolveModel({ base_url: 'https://openrouter.ai/api/v1', name: 'm' }, { OPENROUTER_API_KEY: 'k' }),
    ).toMatchObject({
      model: { provider: 'openrouter', apiKey: 'k' },
    });
    const custom = resolveModel(
      { base_url: 'https://llm.example.com/v1', name: 'm' },
      { OPENAI_API_KEY: 'k' },
    );
    expect(custom).toEqual({
      ok: false,
      problems: ['No API key for https://llm.example.com/v1: set CADUCEUS_API_KEY.'],
    });
  });

  it('needs no key for a local server', () => {
    expect(resolveModel({ provider: 'ollama', name: 'llama3' }, {})).toMatchObject({
      ok: true,
      model: { baseUrl: 'http://127.0.0.1:11434/v1', local: true },
    });
  });

  it('says what is missing', () => {
    expect(resolveModel({}, {})).toEqual({
      ok: false,
      problems: ['No model provider is set yet: choose one.'],
    });
    expect(resolveModel({ provider: 'openai' }, {})).toEqual({
      ok: false,
      problems: [
        'No model name is set (model.name) for https://api.openai.com/v1.',
        'No API key for OpenAI: set OPENAI_API_KEY or CADUCEUS_API_KEY.',
      ],
    });
    expect(resolveModel({ provider: 'acme' }, {})).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/Unknown model.provider "acme"/)],
    });
  });
});

describe('local model servers', () => {
  let server: ScriptedModel;
  beforeAll(async () => {
    server = await ScriptedModel.start();
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds a server that answers /v1/models and names it in the setup help', async () => {
    const silent = await ScriptedModel.start();
    const silentUrl = silent.baseUrl;
    await silent.close();
    const found = await detectLocalServers([
      { provider: 'ollama', label: 'Ollama', baseUrl: server.baseUrl },
      { provider: 'lmstudio', label: 'LM Studio', baseUrl: silentUrl },
    ]);
    expect(found).toEqual([
      { provider: 'ollama', label: 'Ollama', baseUrl: server.baseUrl, models: ['scripted-model'] },
    ]);
    const help = modelSetupHelp(['No model provider is set.'], found);
    expect(help).toContain('model:\n    provider: openrouter');
    expect(help).toContain(`Found Ollama at ${server.baseUrl} with 1 model(s): scripted-model`);
    expect(help).toContain(`model: { provider: ollama, name: scripted-model, base_url: ${server.baseUrl} }`);
  });
});

describe('model setup help', () => {
  it('names the real config.yaml of the config home', async () => {
    const home = '/srv/agent-home';
    const root = new AgentRoot({
      home,
      cwd: home,
      env: {},
      runtime: newRuntime().runtime,
      config: () => ConfigSchema.parse({}),
    });
    const help = await root.modelSetupHelp(['No model provider is set.'], []);
    expect(help).toContain('Set a model in /srv/agent-home/config.yaml');
    expect(help).not.toContain('$CADUCEUS_HOME');
  });
});
