/** The set-up card's provider choices; each maps onto config.yaml's `model.provider` and `base_url`. */
export interface Preset {
  id: string;
  label: string;
  /** config.yaml's `model.provider`. */
  provider: string;
  baseUrl: string;
  needsKey: boolean;
  hint?: string;
}

const CUSTOM: Preset = {
  id: 'custom',
  label: 'Custom URL',
  provider: 'custom',
  baseUrl: '',
  needsKey: false,
  hint: 'Any OpenAI-compatible server: vLLM, llama.cpp, a proxy…',
};

export const PRESETS: Preset[] = [
  { id: 'openai', label: 'OpenAI', provider: 'openai', baseUrl: 'https://api.openai.com/v1', needsKey: true },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    provider: 'openrouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
  },
  {
    id: 'anthropic',
    label: 'Anthropic-compatible',
    provider: 'custom',
    baseUrl: 'https://api.anthropic.com/v1',
    needsKey: true,
    hint: 'Anthropic’s OpenAI-compatible endpoint, or any proxy that speaks it.',
  },
  {
    id: 'ollama',
    label: 'Ollama',
    provider: 'ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    needsKey: false,
  },
  {
    id: 'lmstudio',
    label: 'LM Studio',
    provider: 'lmstudio',
    baseUrl: 'http://127.0.0.1:1234/v1',
    needsKey: false,
  },
  CUSTOM,
];

/** The preset a saved configuration most likely came from. */
export function presetOf(provider: string | null | undefined, baseUrl: string | null | undefined): Preset {
  const byUrl = PRESETS.find((p) => p.baseUrl && p.baseUrl === baseUrl);
  if (byUrl) return byUrl;
  const byProvider = PRESETS.find((p) => p.provider === provider && p.id !== 'anthropic');
  return byProvider ?? CUSTOM;
}
