import type { JsonSchema } from '../src-main/runtime/types';

/** Arguments that satisfy a tool's required parameters: its defaults, else a simple value. */
export function sampleArgs(schema: JsonSchema | undefined): Record<string, unknown> {
  const props = (schema?.properties ?? {}) as Record<string, { type?: string; default?: unknown }>;
  const required = (schema?.required ?? []) as string[];
  const args: Record<string, unknown> = {};
  for (const key of required) {
    const prop = props[key] ?? {};
    const byType: Record<string, unknown> = { number: 1, integer: 1, boolean: true, array: [], object: {} };
    args[key] = prop.default ?? byType[prop.type ?? ''] ?? 'x';
  }
  return args;
}
