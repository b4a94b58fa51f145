import { PROVIDERS } from './providers';

export interface LocalServer {
  provider: string;
  label: string;
  baseUrl: string;
  models: string[];
}

const DEFAULT_CANDIDATES = ['ollama', 'lmstudio'].map((provider) => ({
  provider,
  label: PROVIDERS[provider]?.label ?? provider,
  baseUrl: PROVIDERS[provider]?.baseUrl ?? '',
}));

/** Asks each local server on its default loopback port for its models; silent ones are skipped. */
export async function detectLocalServers(
  candidates: Omit<LocalServer, 'models'>[] = DEFAULT_CANDIDATES,
  timeoutMs = 500,
): Promise<LocalServer[]> {
  const found = await Promise.all(
    candidates.map(async (candidate) => {
      try {
        const res = await fetch(`${candidate.baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) return undefined;
        const body = (await res.json()) as { data?: { id?: unknown }[] };
        const models = (body.data ?? []).flatMap((m) => (typeof m.id === 'string' ? [m.id] : []));
        return { ...candidate, models };
      } catch {
        return undefined;
      }
    }),
  );
  return found.filter((s): s is LocalServer => s !== undefined);
}

/** The message shown when no usable model is configured: what is wrong and exactly what to set. */
export function modelSetupHelp(
  problems: string[],
  detected: LocalServer[],
  configFile = '$CADUCEUS_HOME/config.yaml',
): string {
  const lines = [...problems, '', `Set a model in ${configFile}, for example:`, ''];
  lines.push(
    '  model:',
    '    provider: openrouter   # or openai, nous, ollama, lmstudio, vllm, llamacpp, custom',
  );
  lines.push('    name: <model id>', '    # base_url: http://host:port/v1   (for custom)', '');
  lines.push('and the key in OPENROUTER_API_KEY / OPENAI_API_KEY / NOUS_API_KEY or CADUCEUS_API_KEY,');
  lines.push('or pass --model, --base-url and --api-key to `caduceus chat`.');
  for (const server of detected) {
    const example = server.models[0] ?? '<model id>';
    lines.push(
      '',
      `Found ${server.label} at ${server.baseUrl} with ${server.models.length} model(s)` +
        (server.models.length ? `: ${server.models.slice(0, 5).join(', ')}` : '') +
        '. To use it:',
      `  model: { provider: ${server.provider}, name: ${example}${
        server.baseUrl === PROVIDERS[server.provider]?.baseUrl ? '' : `, base_url: ${server.baseUrl}`
      } }`,
    );
  }
  return lines.join('\n');
}
