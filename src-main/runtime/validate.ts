import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema, ToolArgs } from './types';

/**
 * Validates tool arguments against the tool's JSON schema. `coerceTypes` turns "5" into 5 and
 * "true" into true where the schema asks for a number or boolean, as models often quote them.
 */
const ajv = new Ajv({ coerceTypes: true, strict: false, allErrors: true, useDefaults: true });

const compiled = new WeakMap<JsonSchema, ValidateFunction>();

export type ValidationResult = { ok: true; args: ToolArgs } | { ok: false; details: string };

export function validateArgs(schema: JsonSchema, args: unknown): ValidationResult {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(args)) return { ok: true, args: args as ToolArgs };
  return { ok: false, details: describeErrors(validate.errors ?? []) };
}

function describeErrors(errors: ErrorObject[]): string {
  return errors
    .map((e) => {
      const path = e.instancePath ? e.instancePath.slice(1).replaceAll('/', '.') : '';
      const missing =
        e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty) : '';
      if (missing) return `missing required argument "${path ? `${path}.` : ''}${missing}"`;
      const extra =
        e.keyword === 'enum'
          ? ` (${(e.params as { allowedValues?: unknown[] }).allowedValues?.join(', ')})`
          : '';
      return `${path || 'arguments'} ${e.message ?? 'is invalid'}${extra}`;
    })
    .join('; ');
}

/** Parses a model's JSON argument string; anything but an object is an error. */
export function parseArgs(raw: string | ToolArgs | undefined | null): ValidationResult {
  if (raw === undefined || raw === null || raw === '') return { ok: true, args: {} };
  if (typeof raw !== 'string') {
    return isPlainObject(raw)
      ? { ok: true, args: raw }
      : { ok: false, details: 'arguments must be a JSON object' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    return { ok: false, details: `arguments are not valid JSON: ${(err as Error).message}` };
  }
  return isPlainObject(parsed)
    ? { ok: true, args: parsed }
    : { ok: false, details: 'arguments must be a JSON object' };
}

function isPlainObject(value: unknown): value is ToolArgs {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
