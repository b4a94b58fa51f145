import type { ElicitationRequest, Elicitor } from './clientTypes';

type Field = ElicitationRequest['schema']['properties'][string];
type Value = string | number | boolean | string[];

/** How elicitation requests are answered: a person, the form's defaults, or always decline. */
export type ElicitationMode = 'ask' | 'defaults' | 'decline';

/** The form's fields with their schema defaults (what a person sees pre-filled). */
export function formDefaults(schema: ElicitationRequest['schema']): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [key, field] of Object.entries(schema.properties)) {
    const value = (field as { default?: unknown }).default;
    if (value !== undefined) out[key] = value as Value;
  }
  return out;
}

/** Accepts with the defaults, for scripted use (`--elicitation defaults`). */
export const acceptDefaults: Elicitor = async (request) => ({
  action: 'accept',
  content: formDefaults(request.schema),
});

/** Nobody is there to answer: decline, so the server can go on without the data. */
export const declineAll: Elicitor = async () => ({ action: 'decline' });

/** Turns what a person typed into the field's type; undefined when it does not fit. */
export function parseFieldInput(field: Field, raw: string): Value | undefined {
  const text = raw.trim();
  const f = field as { type: string; enum?: string[]; oneOf?: { const: string }[]; items?: unknown };
  switch (f.type) {
    case 'boolean':
      if (/^(y|yes|true)$/i.test(text)) return true;
      if (/^(n|no|false)$/i.test(text)) return false;
      return undefined;
    case 'number':
    case 'integer': {
      const n = Number(text);
      if (text === '' || !Number.isFinite(n) || (f.type === 'integer' && !Number.isInteger(n)))
        return undefined;
      return n;
    }
    case 'array':
      return text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default: {
      const choices = f.enum ?? f.oneOf?.map((o) => o.const);
      if (!choices) return text;
      if (/^\d+$/.test(text)) return choices[Number(text) - 1];
      return choices.includes(text) ? text : undefined;
    }
  }
}

/** Picks the elicitor for a mode; `ask` uses `ask` when a person is there, else declines. */
export function elicitorFor(mode: ElicitationMode, ask: Elicitor | undefined): Elicitor {
  if (mode === 'defaults') return acceptDefaults;
  if (mode === 'ask' && ask) return ask;
  return declineAll;
}
