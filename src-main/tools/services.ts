import { z } from 'zod';
import { toolError } from '../runtime/errors';
import { CODING_PRESETS, SURFACE_PRESETS } from '../runtime/toolsetCatalog';
import { functionSchema, typedHandler } from '../runtime/typedArgs';
import type { ToolContext } from '../runtime/types';
import { guarded } from './guard';
import type { CronService } from './services/cron';
import { removeJob, scheduleJob } from './services/cronChanges';
import * as ha from './services/homeAssistant';
import { mixtureOfAgents, MOA_KEY_ENV } from './services/moa';
import { envOf, type CommandGate, type ToolModuleContext, type ToolServices } from './toolModule';

const CronjobArgs = z.strictObject({
  action: z.enum(['create', 'list', 'remove']),
  schedule: z
    .string()
    .optional()
    .describe(
      'create: "in 10m" (once), "every 1h" (repeating, at least 1m), an ISO date-time, ' +
        'or a 5-field cron line in local time such as "0 9 * * mon-fri"',
    ),
  prompt: z.string().optional().describe('create: what the agent should do when the job runs'),
  job_id: z.string().optional().describe('remove: the job id'),
});
type CronjobArgs = z.output<typeof CronjobArgs>;

const SendMessageArgs = z.strictObject({ target: z.string(), text: z.string() });

const MoaArgs = z.strictObject({
  prompt: z.string().describe('The full question, with all the context it needs'),
});

const HA_ARGS = {
  ha_list_entities: z.strictObject({
    domain: z.string().optional().describe('Only this domain, e.g. "light" or "sensor"'),
  }),
  ha_get_state: z.strictObject({ entity_id: z.string().describe('e.g. "light.kitchen"') }),
  ha_list_services: z.strictObject({
    domain: z.string().optional().describe('Only this domain, e.g. "light"'),
  }),
  ha_call_service: z.strictObject({
    domain: z.string().describe('e.g. "light"'),
    service: z.string().describe('e.g. "turn_on"'),
    entity_id: z.string().optional().describe('Target entity, e.g. "light.kitchen"'),
    data: z.looseObject({}).optional().describe('Extra service data, e.g. {"brightness_pct": 50}'),
  }),
};
type HaArgs<N extends keyof typeof HA_ARGS> = z.output<(typeof HA_ARGS)[N]>;

export const SERVICE_SCHEMAS = {
  cronjob: functionSchema(
    'cronjob',
    'Schedule prompts to run later or repeatedly while the app is open: create, list, remove.',
    CronjobArgs,
  ),
  send_message: functionSchema(
    'send_message',
    'Send a message to a configured messaging target.',
    SendMessageArgs,
  ),
  mixture_of_agents: functionSchema(
    'mixture_of_agents',
    'Ask several strong models the same hard question and combine their answers. Slow and costly: ' +
      'use it for hard reasoning, not for lookups.',
    MoaArgs,
  ),
  ha_list_entities: functionSchema(
    'ha_list_entities',
    'List Home Assistant entities with their states.',
    HA_ARGS.ha_list_entities,
  ),
  ha_get_state: functionSchema(
    'ha_get_state',
    'State and attributes of one Home Assistant entity.',
    HA_ARGS.ha_get_state,
  ),
  ha_list_services: functionSchema(
    'ha_list_services',
    'List the services Home Assistant offers and their fields.',
    HA_ARGS.ha_list_services,
  ),
  ha_call_service: functionSchema(
    'ha_call_service',
    'Call a Home Assistant service, e.g. light.turn_on. The user is asked to approve every call.',
    HA_ARGS.ha_call_service,
  ),
};

const MESSAGING_REASON =
  'No messaging targets are configured (config.yaml key messaging.targets), so there is nowhere to send to';

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  const env = () => envOf(services);
  const cronReason = 'Scheduled jobs need the app to host a scheduler; none was provided';
  // A job runs later with nobody watching: without the gate to ask about it, none is scheduled.
  const cronGateReason = 'no approval gate is configured, so no job may be scheduled';
  ctx.registry.register({
    name: 'cronjob',
    toolset: 'cronjob',
    toolsetDescription: 'Scheduled prompts',
    presets: SURFACE_PRESETS,
    schema: SERVICE_SCHEMAS.cronjob,
    emoji: '⏰',
    checkFn: () =>
      services.cron === undefined ? cronReason : services.commandGate !== undefined || cronGateReason,
    handler: typedHandler(
      'cronjob',
      CronjobArgs,
      guarded('cronjob', (args: CronjobArgs, call) => {
        if (!services.cron) return toolError(cronReason);
        if (!services.commandGate) return toolError(cronGateReason);
        return cronjob(services.cron, services.commandGate, args, call);
      }),
    ),
  });
  ctx.registry.register({
    name: 'send_message',
    toolset: 'messaging',
    toolsetDescription: 'Send messages to configured targets',
    schema: SERVICE_SCHEMAS.send_message,
    emoji: '✉️',
    checkFn: () => MESSAGING_REASON,
    handler: () => toolError(MESSAGING_REASON),
  });
  ctx.registry.register({
    name: 'mixture_of_agents',
    toolset: 'moa',
    toolsetDescription: 'Mixture of agents: several models answer, one aggregates',
    presets: CODING_PRESETS,
    schema: SERVICE_SCHEMAS.mixture_of_agents,
    emoji: '🧠',
    icon: 'people',
    requiresEnv: [MOA_KEY_ENV],
    isAsync: true,
    checkFn: () => Boolean(env()[MOA_KEY_ENV]?.trim()) || `${MOA_KEY_ENV} is not set`,
    handler: typedHandler(
      'mixture_of_agents',
      MoaArgs,
      guarded('mixture_of_agents', (args: z.output<typeof MoaArgs>, call) =>
        mixtureOfAgents(env(), args.prompt, call.signal),
      ),
    ),
  });
  registerHomeAssistant(ctx, services);
}

function cronjob(cron: CronService, gate: CommandGate, args: CronjobArgs, call: ToolContext) {
  if (args.action === 'list') return { jobs: cron.list() };
  if (args.action === 'remove') {
    const id = args.job_id ?? '';
    if (!id) return toolError('remove needs job_id; list shows the ids');
    return removeJob(cron, gate, id, call);
  }
  const schedule = args.schedule?.trim() ?? '';
  const prompt = args.prompt?.trim() ?? '';
  if (!schedule || !prompt) return toolError('create needs both schedule and prompt');
  return scheduleJob(cron, gate, { schedule, prompt }, call);
}

/** HASS_URL is the person's own setting: their Home Assistant is usually on the local network. */
const HA_EGRESS = 'configured' as const;

function registerHomeAssistant(ctx: ToolModuleContext, services: ToolServices): void {
  const env = () => envOf(services);
  /** A blank string counts as not given. */
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const handlers = {
    ha_list_entities: (args: HaArgs<'ha_list_entities'>, call: ToolContext) =>
      ha.listEntities(env(), optional(args.domain), { signal: call.signal, egress: HA_EGRESS }),
    ha_get_state: (args: HaArgs<'ha_get_state'>, call: ToolContext) =>
      ha.getState(env(), args.entity_id, { signal: call.signal, egress: HA_EGRESS }),
    ha_list_services: async (args: HaArgs<'ha_list_services'>, call: ToolContext) => ({
      domains: await ha.listServices(env(), optional(args.domain), {
        signal: call.signal,
        egress: HA_EGRESS,
      }),
    }),
    ha_call_service: async (args: HaArgs<'ha_call_service'>, call: ToolContext) => {
      const request: ha.ServiceCall = {
        domain: ha.checkName(args.domain, 'domain'),
        service: ha.checkName(args.service, 'service'),
        entityId: optional(args.entity_id) && ha.checkName(args.entity_id ?? '', 'entity_id'),
        data: args.data,
      };
      if (!services.approve)
        return toolError(
          "ha_call_service needs the user's approval, but no approver is connected; nothing was called",
        );
      if (!(await services.approve(ha.describeCall(request))))
        return toolError(`The user denied ${request.domain}.${request.service}; nothing was called`);
      return ha.callService(env(), request, { signal: call.signal, egress: HA_EGRESS });
    },
  };
  const check = () => ha.checkHomeAssistant(env());
  const register = <N extends keyof typeof HA_ARGS>(
    name: N,
    handler: (args: HaArgs<N>, call: ToolContext) => unknown,
  ) =>
    ctx.registry.register({
      name,
      toolset: 'homeassistant',
      toolsetDescription: 'Home Assistant control and monitoring',
      presets: SURFACE_PRESETS,
      schema: SERVICE_SCHEMAS[name],
      emoji: '🏠',
      icon: 'home',
      requiresEnv: ha.HA_ENV,
      isAsync: true,
      parallelSafe: name !== 'ha_call_service',
      checkFn: check,
      handler: typedHandler(name, HA_ARGS[name], guarded(name, handler)),
    });
  register('ha_list_entities', handlers.ha_list_entities);
  register('ha_get_state', handlers.ha_get_state);
  register('ha_list_services', handlers.ha_list_services);
  register('ha_call_service', handlers.ha_call_service);
}
