import { z } from 'zod';
import { toolError } from './errors';
import type { FunctionSchema, JsonSchema, ToolContext, ToolHandler } from './types';

/** Tool arguments declared as a zod object; `strictObject` at the top, as models are told. */
export type ArgsSchema = z.ZodObject;

/** zod writes these bounds for an integer given none; the schemas the model reads leave them out. */
const SAFE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * Leaves out what zod writes but says nothing: default integer bounds, and a loose object's empty
 * `properties` with `additionalProperties: {}` (any object, as `{type: 'object'}` says).
 */
function plain(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plain);
  if (typeof schema !== 'object' || schema === null) return schema;
  const record = schema as Record<string, unknown>;
  const anyObject = isEmptyObject(record.properties) && isEmptyObject(record.additionalProperties);
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key, value]) => {
        if (key === 'minimum' || key === 'maximum') return !SAFE_BOUNDS.has(value as number);
        return !(anyObject && (key === 'properties' || key === 'additionalProperties'));
      })
      .map(([key, value]) => [key, plain(value)]),
  );
}

/** The function schema the model is offered, generated from the arguments' zod type. */
export function functionSchema(name: string, description: string, args: ArgsSchema): FunctionSchema {
  const { $schema: _dialect, ...generated } = z.toJSONSchema(args, { io: 'input', unrepresentable: 'throw' });
  const parameters = plain(generated) as JsonSchema;
  return { name, description, parameters: { ...parameters, required: parameters.required ?? [] } };
}

/**
 * A handler that receives its arguments typed. Dispatch has validated them against the same
 * schema already (coercing "5" to 5); this only types them, so a failure here is a bug.
 */
export function typedHandler<S extends ArgsSchema>(
  name: string,
  args: S,
  handler: (args: z.output<S>, ctx: ToolContext) => unknown,
): ToolHandler {
  return (raw, ctx) => {
    const parsed = args.safeParse(raw);
    if (!parsed.success) return toolError(`Invalid arguments for ${name}: ${z.prettifyError(parsed.error)}`);
    return handler(parsed.data, ctx);
  };
}
