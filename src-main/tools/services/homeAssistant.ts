/** Home Assistant's REST API (`/api/...`) with a long-lived access token. */
import { z } from 'zod';
import { baseUrlFrom, bearer, fetchJson, HttpError, type RequestOptions } from '../http';

export const HA_ENV = ['HASS_URL', 'HASS_TOKEN'];
const MAX_ENTITIES = 300;

const StateSchema = z.object({
  entity_id: z.string(),
  state: z.string(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  last_changed: z.string().optional(),
  last_updated: z.string().optional(),
});
type State = z.infer<typeof StateSchema>;

const ServicesSchema = z.array(
  z.object({
    domain: z.string(),
    services: z.record(
      z.string(),
      z.looseObject({
        name: z.string().nullish(),
        description: z.string().nullish(),
        fields: z.record(z.string(), z.unknown()).nullish(),
      }),
    ),
  }),
);

const DOMAIN = /^[a-z0-9_]+$/;
const ENTITY = /^[a-z0-9_]+\.[a-z0-9_]+$/;

export function checkHomeAssistant(env: NodeJS.ProcessEnv): true | string {
  const missing = HA_ENV.filter((name) => !env[name]?.trim());
  return missing.length === 0 || `Home Assistant needs ${missing.join(' and ')}`;
}

function client(env: NodeJS.ProcessEnv) {
  const token = env.HASS_TOKEN?.trim();
  if (!token) throw new HttpError('HASS_TOKEN is not set');
  const base = baseUrlFrom(env, 'HASS_URL', '');
  return { base: `${base}/api`, headers: { 'content-type': 'application/json', ...bearer(token) } };
}

export function checkName(value: string, what: 'domain' | 'service' | 'entity_id'): string {
  if (!(what === 'entity_id' ? ENTITY : DOMAIN).test(value))
    throw new Error(
      `"${value}" is not a valid ${what}${what === 'entity_id' ? ' (like "light.kitchen")' : ''}`,
    );
  return value;
}

const brief = (s: State) => ({
  entity_id: s.entity_id,
  state: s.state,
  name: typeof s.attributes.friendly_name === 'string' ? s.attributes.friendly_name : undefined,
});

export async function listEntities(env: NodeJS.ProcessEnv, domain: string | undefined, o: RequestOptions) {
  const { base, headers } = client(env);
  if (domain) checkName(domain, 'domain');
  const states = await fetchJson(`${base}/states`, { headers }, z.array(StateSchema), 'Home Assistant', o);
  const matching = states.filter((s) => !domain || s.entity_id.startsWith(`${domain}.`));
  const entities = matching.slice(0, MAX_ENTITIES).map(brief);
  return matching.length > MAX_ENTITIES
    ? { count: matching.length, entities, note: `Showing ${MAX_ENTITIES}; filter by domain to see the rest` }
    : { count: matching.length, entities };
}

export async function getState(env: NodeJS.ProcessEnv, entityId: string, o: RequestOptions) {
  const { base, headers } = client(env);
  checkName(entityId, 'entity_id');
  try {
    return await fetchJson(`${base}/states/${entityId}`, { headers }, StateSchema, 'Home Assistant', o);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404)
      throw new Error(`No entity "${entityId}"`, { cause: err });
    throw err;
  }
}

export async function listServices(env: NodeJS.ProcessEnv, domain: string | undefined, o: RequestOptions) {
  const { base, headers } = client(env);
  if (domain) checkName(domain, 'domain');
  const all = await fetchJson(`${base}/services`, { headers }, ServicesSchema, 'Home Assistant', o);
  return all
    .filter((d) => !domain || d.domain === domain)
    .map((d) => ({
      domain: d.domain,
      services: Object.entries(d.services).map(([name, info]) => ({
        service: name,
        description: info.description ?? info.name ?? '',
        fields: Object.keys(info.fields ?? {}),
      })),
    }));
}

export interface ServiceCall {
  domain: string;
  service: string;
  entityId?: string;
  data?: Record<string, unknown>;
}

export async function callService(env: NodeJS.ProcessEnv, call: ServiceCall, o: RequestOptions) {
  const { base, headers } = client(env);
  const body = { ...call.data, ...(call.entityId ? { entity_id: call.entityId } : {}) };
  const url = `${base}/services/${checkName(call.domain, 'domain')}/${checkName(call.service, 'service')}`;
  const init = { method: 'POST', headers, body: JSON.stringify(body) };
  const changed = await fetchJson(url, init, z.array(StateSchema).catch([]), 'Home Assistant', o);
  return { called: `${call.domain}.${call.service}`, changed: changed.map(brief) };
}

/** What the user is asked to approve: the exact service, target and data. */
export function describeCall(call: ServiceCall): string {
  const target = call.entityId ? ` on ${call.entityId}` : '';
  const data = call.data && Object.keys(call.data).length ? ` with ${JSON.stringify(call.data)}` : '';
  return `Home Assistant: call ${call.domain}.${call.service}${target}${data}`;
}
