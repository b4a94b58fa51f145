import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

const HA_ENV = ['HASS_URL', 'HASS_TOKEN'];

export const SERVICE_SCHEMAS = {
  cronjob: fn(
    'cronjob',
    'Schedule prompts to run later or repeatedly while the app is open: create, list, remove.',
    {
      action: { type: 'string', enum: ['create', 'list', 'remove'] },
      schedule: { type: 'string', description: 'create: cron expression or "in 10m" / "every 1h"' },
      prompt: { type: 'string', description: 'create: what the agent should do' },
      job_id: { type: 'string', description: 'remove: the job id' },
    },
    ['action'],
  ),
  send_message: fn(
    'send_message',
    'Send a message to a configured messaging target.',
    { target: { type: 'string' }, text: { type: 'string' } },
    ['target', 'text'],
  ),
  mixture_of_agents: fn(
    'mixture_of_agents',
    'Ask several strong models the same hard question and combine their answers.',
    { prompt: { type: 'string' } },
    ['prompt'],
  ),
  ha_list_entities: fn('ha_list_entities', 'List Home Assistant entities, optionally by domain.', {
    domain: { type: 'string', description: 'e.g. "light"' },
  }),
  ha_get_state: fn('ha_get_state', 'State and attributes of one entity.', { entity_id: { type: 'string' } }, [
    'entity_id',
  ]),
  ha_list_services: fn('ha_list_services', 'List the services Home Assistant offers, optionally by domain.', {
    domain: { type: 'string' },
  }),
  ha_call_service: fn(
    'ha_call_service',
    'Call a Home Assistant service (asks the user first).',
    {
      domain: { type: 'string' },
      service: { type: 'string' },
      entity_id: { type: 'string' },
      data: { type: 'object', description: 'Extra service data' },
    },
    ['domain', 'service'],
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  registerUnavailable(ctx, 'Scheduling', [
    { name: 'cronjob', toolset: 'cronjob', schema: SERVICE_SCHEMAS.cronjob, emoji: '⏰' },
  ]);
  registerUnavailable(ctx, 'Messaging', [
    { name: 'send_message', toolset: 'messaging', schema: SERVICE_SCHEMAS.send_message, emoji: '✉️' },
  ]);
  registerUnavailable(ctx, 'Mixture of agents', [
    {
      name: 'mixture_of_agents',
      toolset: 'moa',
      schema: SERVICE_SCHEMAS.mixture_of_agents,
      emoji: '🧠',
      requiresEnv: ['OPENROUTER_API_KEY'],
    },
  ]);
  registerUnavailable(
    ctx,
    'Home Assistant',
    (['ha_list_entities', 'ha_get_state', 'ha_list_services', 'ha_call_service'] as const).map((name) => ({
      name,
      toolset: 'homeassistant',
      schema: SERVICE_SCHEMAS[name],
      emoji: '🏠',
      requiresEnv: HA_ENV,
    })),
  );
}
