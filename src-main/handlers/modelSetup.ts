import type { z } from 'zod';
import type { ModelProbeSchema, ModelStatus } from '../../src-shared/ipc/modelSchemas';
import { PROVIDERS, GENERIC_KEY_ENV } from '../agent/model/providers';
import { resolveModel, type ModelOverrides } from '../agent/model/resolve';
import type { ModelConfig } from '../config/schema';

type Probe = z.infer<typeof ModelProbeSchema>;

/** Long enough for a cold local model to load, short enough that the card does not hang. */
const PROBE_TIMEOUT_MS = 30_000;

/** What the next chat turn would use; `overrides` are the command line's and the saved key. */
export function modelStatus(
  config: ModelConfig,
  env: NodeJS.ProcessEnv,
  overrides: ModelOverrides,
): ModelStatus {
  const fixed = overrides.model !== undefined || overrides.baseUrl !== undefined;
  const resolution = resolveModel(config, env, overrides);
  if (resolution.ok) {
    const { provider, baseUrl, name } = resolution.model;
    return { ready: true, provider, baseUrl, name, problems: [], fixed };
  }
  return {
    ready: false,
    provider: overrides.provider ?? config.provider ?? null,
    baseUrl: overrides.baseUrl ?? config.base_url ?? null,
    name: overrides.model ?? config.name ?? null,
    problems: resolution.problems,
    fixed,
  };
}

/**
 * The key a probe sends: the typed one; else a stored or environment key, but only to the server
 * it was set up for, so a typed URL cannot draw the saved key to another host.
 */
export function probeKey(
  probe: Probe,
  saved: { key: string | undefined; baseUrl: string | undefined },
  env: NodeJS.ProcessEnv,
): string {
  if (probe.apiKey) return probe.apiKey;
  const url = trimUrl(probe.base_url);
  const preset = probe.provider ? PROVIDERS[probe.provider] : undefined;
  const forSaved = saved.baseUrl !== undefined && trimUrl(saved.baseUrl) === url;
  const forPreset = preset !== undefined && trimUrl(preset.baseUrl) === url;
  const envKey = preset?.keyEnv ? env[preset.keyEnv] : undefined;
  return (
    (forSaved ? saved.key || env[GENERIC_KEY_ENV] : undefined) || (forPreset ? envKey : undefined) || 'no-key'
  );
}

export async function listModels(probe: Probe, key: string): Promise<{ models: string[]; error?: string }> {
  try {
    const res = await fetch(`${trimUrl(probe.base_url)}/models`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!res.ok) return { models: [], error: await httpError(res) };
    const body = (await res.json()) as { data?: { id?: unknown }[] };
    const models = (body.data ?? []).flatMap((m) => (typeof m.id === 'string' ? [m.id] : []));
    return { models: models.sort((a, b) => a.localeCompare(b)) };
  } catch (err) {
    return { models: [], error: networkError(err) };
  }
}

/** Sends one tiny chat request, as a turn would, and reports the server's own words on failure. */
export async function testModel(probe: Probe, key: string): Promise<{ ok: boolean; message: string }> {
  if (!probe.name) return { ok: false, message: 'Choose a model first.' };
  const url = `${trimUrl(probe.base_url)}/chat/completions`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: probe.name,
        messages: [{ role: 'user', content: 'Reply with the word OK.' }],
        max_tokens: 5,
        stream: false,
      }),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false, message: `POST ${url}: ${await httpError(res)}` };
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (!body.choices) return { ok: false, message: `POST ${url}: the reply has no "choices"` };
    return {
      ok: true,
      message: `${probe.name} answered${typeof content === 'string' && content ? `: ${content.slice(0, 80)}` : ''}`,
    };
  } catch (err) {
    return { ok: false, message: `POST ${url}: ${networkError(err)}` };
  }
}

function trimUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

async function httpError(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  let detail = text.slice(0, 500);
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof message === 'string') detail = message;
  } catch {
    // Not JSON: the raw text is the best explanation there is.
  }
  return `HTTP ${res.status} ${res.statusText}${detail ? ` — ${detail}` : ''}`;
}

function networkError(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError')
    return `no answer within ${PROBE_TIMEOUT_MS / 1000} s`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`;
}
