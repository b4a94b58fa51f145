import { toolError } from '../runtime/errors';
import type { ToolArgs, ToolContext } from '../runtime/types';
import { guarded } from './guard';
import type { CronService } from './services/cron';
import * as ha from './services/homeAssistant';
import { mixtureOfAgents, MOA_KEY_ENV } from './services/moa';
import { envOf, fn, type ToolModuleContext, type ToolServices } from './toolModule';

export const SERVICE_SCHEMAS = {
  cronjob: fn(
    'cronjob',
    'Schedule prompts to run later or repeatedly while the app is open: create, list, remove.',
    {
      action: { type: 'string', enum: ['create', 'list', 'remove'] },
      schedule: {
        type: 'string',
        description:
          'create: "in 10m" (once), "every 1h" (repeating, at least 1m), an ISO date-time, ' +
          'or a 5-field cron line in local time such as "0 9 * * mon-fri"',
      },
      prompt: { type: 'string', description: 'create: what the agent should do when the job runs' },
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
    'Ask several strong models the same hard question and combine their answers. Slow and costly: ' +
      'use it for hard reasoning, not for lookups.',
    { prompt: { type: 'string', description: 'The full question, with all the context it needs' } },
    ['prompt'],
  ),
  ha_list_entities: fn('ha_list_entities', 'List Home Assistant entities with their states.', {
    domain: { type: 'string', description: 'Only this domain, e.g. "light" or "sensor"' },
  }),
  ha_get_state: fn(
    'ha_get_state',
    'State and attributes of one Home Assistant entity.',
    { entity_id: { type: 'string', description: 'e.g. "light.kitchen"' } },
    ['entity_id'],
  ),
  ha_list_services: fn('ha_list_services', 'List the services Home Assistant offers and their fields.', {
    domain: { type: 'string', description: 'Only this domain, e.g. "light"' },
  }),
  ha_call_service: fn(
    'ha_call_service',
    'Call a Home Assistant service, e.g. light.turn_on. The user is asked to approve every call.',
    {
      domain: { type: 'string', description: 'e.g. "light"' },
      service: { type: 'string', description: 'e.g. "turn_on"' },
      entity_id: { type: 'string', description: 'Target entity, e.g. "light.kitchen"' },
      data: { type: 'object', description: 'Extra service data, e.g. {"brightness_pct": 50}' },
    },
    ['domain', 'service'],
  ),
};

const MESSAGING_REASON =
  'No messaging targets are configured (config.yaml key messaging.targets), so there is nowhere to send to';

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  const env = () => envOf(services);
  const cronReason = 'Scheduled jobs need the app to host a scheduler; none was provided';
  ctx.registry.register({
    name: 'cronjob',
    toolset: 'cronjob',
    schema: SERVICE_SCHEMAS.cronjob,
    emoji: '⏰',
    checkFn: () => services.cron !== undefined || cronReason,
    handler: guarded('cronjob', (args, call) =>
      services.cron ? cronjob(services.cron, args, call) : toolError(cronReason),
    ),
  });
  ctx.registry.register({
    name: 'send_message',
    toolset: 'messaging',
    schema: SERVICE_SCHEMAS.send_message,
    emoji: '✉️',
    checkFn: () => MESSAGING_REASON,
    handler: () => toolError(MESSAGING_REASON),
  });
  ctx.registry.register({
    name: 'mixture_of_agents',
    toolset: 'moa',
    schema: SERVICE_SCHEMAS.mixture_of_agents,
    emoji: '🧠',
    requiresEnv: [MOA_KEY_ENV],
    isAsync: true,
    checkFn: () => Boolean(env()[MOA_KEY_ENV]?.trim()) || `${MOA_KEY_ENV} is not set`,
    handler: guarded('mixture_of_agents', (args, call) =>
      mixtureOfAgents(env(), String(args.prompt), call.signal),
    ),
  });
  registerHomeAssistant(ctx, services);
}

function cronjob(cron: CronService, args: ToolArgs, call: ToolContext) {
  if (args.action === 'list') return { jobs: cron.list() };
  if (args.action === 'remove') {
    const id = String(args.job_id ?? '');
    if (!id) return toolError('remove needs job_id; list shows the ids');
    return cron.remove(id) ? { removed: id } : toolError(`No job with id "${id}"`);
  }
  const schedule = typeof args.schedule === 'string' ? args.schedule.trim() : '';
  const prompt = typeof args.prompt === 'string' ? args.prompt.trim() : '';
  if (!schedule || !prompt) return toolError('create needs both schedule and prompt');
  return { created: cron.create({ schedule, prompt, sessionId: call.sessionId, taskId: call.taskId }) };
}

function registerHomeAssistant(ctx: ToolModuleContext, services: ToolServices): void {
  const env = () => envOf(services);
  const optional = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const handlers = {
    ha_list_entities: (args: ToolArgs, call: ToolContext) =>
      ha.listEntities(env(), optional(args.domain), { signal: call.signal }),
    ha_get_state: (args: ToolArgs, call: ToolContext) =>
      ha.getState(env(), String(args.entity_id), { signal: call.signal }),
    ha_list_services: async (args: ToolArgs, call: ToolContext) => ({
      domains: await ha.listServices(env(), optional(args.domain), { signal: call.signal }),
    }),
    ha_call_service: async (args: ToolArgs, call: ToolContext) => {
      const request: ha.ServiceCall = {
        domain: ha.checkName(String(args.domain), 'domain'),
        service: ha.checkName(String(args.service), 'service'),
        entityId: optional(args.entity_id) && ha.checkName(String(args.entity_id), 'entity_id'),
        data: isRecord(args.data) ? args.data : undefined,
      };
      if (!services.approve)
        return toolError(
          "ha_call_service needs the user's approval, but no approver is connected; nothing was called",
        );
      if (!(await services.approve(ha.describeCall(request))))
        return toolError(`The user denied ${request.domain}.${request.service}; nothing was called`);
      return ha.callService(env(), request, { signal: call.signal });
    },
  };
  const check = () => ha.checkHomeAssistant(env());
  for (const [name, handler] of Object.entries(handlers)) {
    ctx.registry.register({
      name,
      toolset: 'homeassistant',
      schema: SERVICE_SCHEMAS[name as keyof typeof handlers],
      emoji: '🏠',
      requiresEnv: ha.HA_ENV,
      isAsync: true,
      parallelSafe: name !== 'ha_call_service',
      checkFn: check,
      handler: guarded(name, handler),
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
