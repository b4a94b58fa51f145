import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ctx, newRuntime, spec } from './testing/fixtures';
import { functionSchema, typedHandler } from './typedArgs';

const Args = z.strictObject({ count: z.int(), label: z.string().optional().describe('a label') });

describe('tool arguments typed from zod', () => {
  it('give the model a plain JSON Schema: no dialect, no default integer bounds, always a required list', () => {
    expect(functionSchema('count', 'counts', Args)).toEqual({
      name: 'count',
      description: 'counts',
      parameters: {
        type: 'object',
        properties: { count: { type: 'integer' }, label: { type: 'string', description: 'a label' } },
        required: ['count'],
        additionalProperties: false,
      },
    });
    expect(functionSchema('none', 'none', z.strictObject({})).parameters.required).toEqual([]);
  });

  it('reach the handler typed, after dispatch validated and coerced them', async () => {
    const { runtime } = newRuntime();
    const seen: unknown[] = [];
    const handler = typedHandler('count', Args, (args) => {
      seen.push(args);
      return args.count + 1;
    });
    runtime.registry.register(
      spec('count', 's', { schema: functionSchema('count', 'counts', Args), handler }),
    );
    expect((await runtime.handleFunctionCall('count', '{"count": "41"}', ctx)).text).toBe('42');
    expect(seen).toEqual([{ count: 41 }]);
    expect((await runtime.handleFunctionCall('count', { count: 1.5 }, ctx)).text).toMatch(
      /^\{"error":"Invalid arguments for count: count must be integer/,
    );
    // Called without dispatch's validation, the handler still refuses what the type does not allow.
    expect(await handler({ count: 'x' }, ctx)).toMatchObject({ ok: false });
  });
});
