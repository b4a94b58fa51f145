/**
 * Mixture of agents: several models answer the same prompt in parallel, then an aggregator
 * model writes one answer from theirs. Any OpenAI-compatible endpoint works (OpenRouter first).
 */
import { z } from 'zod';
import { baseUrlFrom, bearer, capText, fetchJson, HttpError, type RequestOptions } from '../http';

export const MOA_KEY_ENV = 'OPENROUTER_API_KEY';
const DEFAULT_BASE = 'https://openrouter.ai/api/v1';
/** Overridable with CADUCEUS_MOA_MODELS (comma-separated) and CADUCEUS_MOA_AGGREGATOR. */
const DEFAULT_MODELS = [
  'anthropic/claude-sonnet-4.5',
  'google/gemini-2.5-pro',
  'openai/gpt-5',
  'deepseek/deepseek-r1',
];
const DEFAULT_AGGREGATOR = 'anthropic/claude-sonnet-4.5';
const MODEL_TIMEOUT_MS = 180_000;
const MAX_REFERENCE_CHARS = 12_000;

const AGGREGATOR_PROMPT =
  'You have been given answers from several models to the user prompt below. Critically evaluate ' +
  'them: some may be wrong or biased. Write one accurate, complete answer that keeps the best of ' +
  'each. Do not mention the other models.';

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
});

interface Endpoint {
  base: string;
  headers: Record<string, string>;
}

async function complete(e: Endpoint, model: string, messages: object[], o: RequestOptions): Promise<string> {
  const init = { method: 'POST', headers: e.headers, body: JSON.stringify({ model, messages }) };
  const body = await fetchJson(`${e.base}/chat/completions`, init, CompletionSchema, model, o);
  const text = body.choices[0]?.message.content?.trim();
  if (!text) throw new HttpError(`${model} returned an empty answer`);
  return text;
}

export async function mixtureOfAgents(env: NodeJS.ProcessEnv, prompt: string, signal?: AbortSignal) {
  const key = env[MOA_KEY_ENV]?.trim();
  if (!key) throw new Error(`${MOA_KEY_ENV} is not set`);
  const endpoint = {
    base: baseUrlFrom(env, 'OPENROUTER_BASE_URL', DEFAULT_BASE),
    headers: { 'content-type': 'application/json', ...bearer(key) },
  };
  const listed = env.CADUCEUS_MOA_MODELS?.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const models = listed?.length ? listed : DEFAULT_MODELS;
  const aggregator = env.CADUCEUS_MOA_AGGREGATOR?.trim() || DEFAULT_AGGREGATOR;
  const options = { signal, timeoutMs: MODEL_TIMEOUT_MS, egress: 'configured' as const };

  const settled = await Promise.allSettled(
    models.map((model) => complete(endpoint, model, [{ role: 'user', content: prompt }], options)),
  );
  const answers = settled.flatMap((r, i) =>
    r.status === 'fulfilled' ? [{ model: models[i], text: r.value }] : [],
  );
  const failed = settled.flatMap((r, i) =>
    r.status === 'rejected'
      ? [{ model: models[i], error: r.reason instanceof Error ? r.reason.message : String(r.reason) }]
      : [],
  );
  if (answers.length === 0) throw new Error(`every model failed: ${failed.map((f) => f.error).join('; ')}`);

  const references = answers
    .map((a, i) => `### Answer ${i + 1}\n${capText(a.text, MAX_REFERENCE_CHARS)}`)
    .join('\n\n');
  const answer = await complete(
    endpoint,
    aggregator,
    [
      { role: 'system', content: `${AGGREGATOR_PROMPT}\n\n${references}` },
      { role: 'user', content: prompt },
    ],
    options,
  );
  return { answer, models: answers.map((a) => a.model), aggregator, ...(failed.length ? { failed } : {}) };
}
