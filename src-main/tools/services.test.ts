import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as serviceTools from './services';
import { CronScheduler } from './services/cron';
import { loadTools } from './testing/harness';
import { fakeGate, refusing } from './testing/terminal';
import { sendJson, sendText, startServer, type TestServer } from './testing/httpServer';

const STATES = [
  { entity_id: 'light.kitchen', state: 'off', attributes: { friendly_name: 'Kitchen light' } },
  { entity_id: 'light.hall', state: 'on', attributes: {} },
  { entity_id: 'sensor.temp', state: '21.5', attributes: { unit_of_measurement: '°C' } },
];

let server: TestServer;

beforeAll(async () => {
  server = await startServer((req, res) => {
    const path = req.path;
    if (path.startsWith('/ha/api/') && req.headers.authorization !== 'Bearer ha-token')
      return sendJson(res, { message: 'Unauthorized' }, 401);
    if (path === '/ha/api/states') return sendJson(res, STATES);
    if (path.startsWith('/ha/api/states/')) {
      const found = STATES.find((s) => s.entity_id === path.slice('/ha/api/states/'.length));
      return found ? sendJson(res, found) : sendJson(res, { message: 'Entity not found.' }, 404);
    }
    if (path === '/ha/api/services')
      return sendJson(res, [
        {
          domain: 'light',
          services: {
            turn_on: { name: 'Turn on', description: 'Turn a light on', fields: { brightness_pct: {} } },
          },
        },
        { domain: 'switch', services: { toggle: { description: 'Toggle' } } },
      ]);
    if (path === '/ha/api/services/light/turn_on') {
      const body = JSON.parse(req.body) as { entity_id: string };
      return sendJson(res, [{ entity_id: body.entity_id, state: 'on', attributes: {} }]);
    }
    if (path === '/moa/v1/chat/completions') {
      const body = JSON.parse(req.body) as { model: string; messages: { role: string; content: string }[] };
      if (body.model === 'broken/model') return sendJson(res, { error: { message: 'overloaded' } }, 503);
      if (body.model === 'judge/model') {
        const system = body.messages[0]?.content ?? '';
        return sendJson(res, {
          choices: [{ message: { content: `combined(${(system.match(/### Answer/g) ?? []).length})` } }],
        });
      }
      return sendJson(res, { choices: [{ message: { content: `${body.model} says 42` } }] });
    }
    return sendText(res, 'missing', 'text/plain', 404);
  });
});

afterAll(async () => {
  await server.close();
});

describe('Home Assistant', () => {
  const env = () => ({ HASS_URL: `${server.url}/ha`, HASS_TOKEN: 'ha-token' });

  it('is unavailable without HASS_URL and HASS_TOKEN, naming what is missing', async () => {
    const tools = loadTools(serviceTools, { env: { HASS_URL: 'http://127.0.0.1:1' } });
    expect(await tools.unavailable('ha_get_state')).toBe('Home Assistant needs HASS_TOKEN');
    expect(tools.runtime.registry.get('ha_call_service')?.requiresEnv).toEqual(['HASS_URL', 'HASS_TOKEN']);
  });

  it('lists entities, filters by domain, and reads one state', async () => {
    const tools = loadTools(serviceTools, { env: env() });
    expect(await tools.unavailable('ha_list_entities')).toBeUndefined();
    expect(await tools.json('ha_list_entities', { domain: 'light' })).toEqual({
      count: 2,
      entities: [
        { entity_id: 'light.kitchen', state: 'off', name: 'Kitchen light' },
        { entity_id: 'light.hall', state: 'on' },
      ],
    });
    expect(await tools.json('ha_get_state', { entity_id: 'sensor.temp' })).toMatchObject({
      state: '21.5',
      attributes: { unit_of_measurement: '°C' },
    });
    expect((await tools.json('ha_get_state', { entity_id: 'light.attic' })).error).toMatch(
      /No entity "light.attic"/,
    );
    expect((await tools.json('ha_get_state', { entity_id: '../config' })).error).toMatch(
      /not a valid entity_id/,
    );
  });

  it('lists services compactly', async () => {
    const tools = loadTools(serviceTools, { env: env() });
    expect(await tools.json('ha_list_services', { domain: 'light' })).toEqual({
      domains: [
        {
          domain: 'light',
          services: [{ service: 'turn_on', description: 'Turn a light on', fields: ['brightness_pct'] }],
        },
      ],
    });
  });

  it('calls a service only after the user approves the exact call', async () => {
    const asked: string[] = [];
    let answer = false;
    const approve = async (description: string) => (asked.push(description), answer);
    const args = {
      domain: 'light',
      service: 'turn_on',
      entity_id: 'light.kitchen',
      data: { brightness_pct: 40 },
    };

    const refused = await loadTools(serviceTools, { env: env() }).json('ha_call_service', args);
    expect(refused.error).toMatch(/no approver is connected; nothing was called/);

    const tools = loadTools(serviceTools, { env: env(), approve });
    const before = server.requests.length;
    expect((await tools.json('ha_call_service', args)).error).toMatch(/denied light.turn_on/);
    expect(server.requests.length).toBe(before);
    expect(asked).toEqual(['Home Assistant: call light.turn_on on light.kitchen with {"brightness_pct":40}']);

    answer = true;
    expect(await tools.json('ha_call_service', args)).toEqual({
      called: 'light.turn_on',
      changed: [{ entity_id: 'light.kitchen', state: 'on' }],
    });
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}')).toEqual({
      brightness_pct: 40,
      entity_id: 'light.kitchen',
    });
  });

  it('reports a rejected token as an error result', async () => {
    const tools = loadTools(serviceTools, { env: { ...env(), HASS_TOKEN: 'wrong' } });
    expect((await tools.json('ha_list_entities', {})).error).toMatch(/HTTP 401/);
  });
});

describe('mixture_of_agents', () => {
  it('is unavailable without OPENROUTER_API_KEY', async () => {
    expect(await loadTools(serviceTools, { env: {} }).unavailable('mixture_of_agents')).toBe(
      'OPENROUTER_API_KEY is not set',
    );
  });

  it('asks every reference model, tolerates failures, and aggregates the answers', async () => {
    const env = {
      OPENROUTER_API_KEY: 'or-key',
      OPENROUTER_BASE_URL: `${server.url}/moa/v1`,
      CADUCEUS_MOA_MODELS: 'a/one, b/two, broken/model',
      CADUCEUS_MOA_AGGREGATOR: 'judge/model',
    };
    const result = await loadTools(serviceTools, { env }).json('mixture_of_agents', {
      prompt: 'meaning of life?',
    });
    expect(result).toMatchObject({
      answer: 'combined(2)',
      models: ['a/one', 'b/two'],
      aggregator: 'judge/model',
    });
    expect(result.failed).toEqual([{ model: 'broken/model', error: expect.stringMatching(/HTTP 503/) }]);
  });
});

describe('cronjob and send_message', () => {
  it('send_message stays unavailable and names the config key', async () => {
    const tools = loadTools(serviceTools, {});
    expect(await tools.unavailable('send_message')).toMatch(/messaging\.targets/);
    expect((await tools.json('send_message', { target: 'x', text: 'y' })).error).toMatch(
      /messaging\.targets/,
    );
  });

  it('cronjob is unavailable without a scheduler and manages jobs with one', async () => {
    expect(await loadTools(serviceTools, {}).unavailable('cronjob')).toMatch(/scheduler/);
    const cron = new CronScheduler(() => {});
    expect(await loadTools(serviceTools, { cron }).unavailable('cronjob')).toMatch(/approval gate/);
    const gate = fakeGate();
    const tools = loadTools(serviceTools, { cron, commandGate: gate.gate });
    const { created } = await tools.json<{ created: { id: string; sessionId: string } }>('cronjob', {
      action: 'create',
      schedule: 'every 2h',
      prompt: 'summarise the news',
    });
    expect(created.sessionId).toBe('session-1');
    expect(await tools.json('cronjob', { action: 'list' })).toEqual({
      jobs: [expect.objectContaining({ id: created.id, prompt: 'summarise the news', schedule: 'every 2h' })],
    });
    expect((await tools.json('cronjob', { action: 'create', schedule: 'every 2h' })).error).toMatch(/prompt/);
    expect(
      (await tools.json('cronjob', { action: 'create', schedule: 'whenever', prompt: 'p' })).error,
    ).toMatch(/cronjob failed: "whenever" is not a schedule/);
    expect(await tools.json('cronjob', { action: 'remove', job_id: created.id })).toEqual({
      removed: created.id,
    });
    expect((await tools.json('cronjob', { action: 'remove', job_id: created.id })).error).toMatch(/No job/);
    // Each create and remove was put to the gate as words, with the prompt and schedule shown.
    expect(gate.checks.map((c) => [c.subjectKind, c.command, c.extraKeys])).toEqual([
      ['cron', 'schedule "summarise the news" (every 2h)', ['cron-change']],
      ['cron', 'remove scheduled job "summarise the news" (every 2h)', ['cron-change']],
    ]);
    expect(gate.checks[0]?.detail).toMatch(/every 2h[\s\S]*summarise the news/);
    cron.stopAll();
  });

  it('cronjob schedules and removes nothing the gate refuses', async () => {
    const cron = new CronScheduler(() => {});
    const kept = cron.create({ schedule: 'every 1h', prompt: 'mine' });
    const gate = fakeGate();
    gate.decide = refusing(/./);
    const tools = loadTools(serviceTools, { cron, commandGate: gate.gate });
    const created = await tools.outcome('cronjob', { action: 'create', schedule: 'in 5m', prompt: 'p' });
    expect(created.refusal).toBe('denied');
    const removed = await tools.outcome('cronjob', { action: 'remove', job_id: kept.id });
    expect(removed.refusal).toBe('denied');
    expect(cron.list().map((j) => j.id)).toEqual([kept.id]);
    cron.stopAll();
  });
});
