import { describe, expect, it } from 'vitest';
import { toolError } from './errors';
import type { PostToolCallInfo } from './hooks';
import { toolFailure, toolOk } from './outcome';
import { ctx, newRuntime, spec } from './testing/fixtures';
import type { ToolArgs } from './types';

const numberTool = spec(
  'add',
  'math',
  { handler: (args) => String(Number(args.a) + Number(args.b)) },
  {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' }, loud: { type: 'boolean' } },
    required: ['a', 'b'],
  },
);

describe('handleFunctionCall', () => {
  it('runs a handler the calling loop passes in place of the registry one, after validation', async () => {
    const { runtime } = newRuntime();
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    runtime.registry.register(spec('todo', 'todo', { handler: () => toolError('outside a loop') }, schema));
    const loopHandlers = new Map([['todo', (args: ToolArgs) => ({ doubled: Number(args.n) * 2 })]]);
    expect((await runtime.handleFunctionCall('todo', { n: 2 }, ctx)).text).toBe('{"error":"outside a loop"}');
    expect(await runtime.handleFunctionCall('todo', { n: '2' }, { ...ctx, loopHandlers })).toMatchObject({
      ok: true,
      text: '{"doubled":4}',
      data: { doubled: 4 },
    });
    expect(await runtime.handleFunctionCall('todo', {}, { ...ctx, loopHandlers })).toMatchObject({
      ok: false,
      text: '{"error":"Invalid arguments for todo: missing required argument \\"n\\""}',
    });
  });

  it('says what happened in the outcome, not only in its text', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(spec('plain', 's', { handler: () => ({ error: 'a value, not a failure' }) }));
    runtime.registry.register(spec('fails', 's', { handler: () => toolFailure('not JSON at all') }));
    runtime.registry.register(
      spec('refused', 's', { handler: () => toolError('no', { approval: 'denied' }, { refusal: 'denied' }) }),
    );
    runtime.registry.register(spec('ran', 's', { handler: () => toolOk({ exit_code: 3 }, { exitCode: 3 }) }));
    expect(await runtime.handleFunctionCall('plain', {}, ctx)).toMatchObject({
      ok: true,
      text: '{"error":"a value, not a failure"}',
    });
    expect(await runtime.handleFunctionCall('fails', {}, ctx)).toMatchObject({
      ok: false,
      text: 'not JSON at all',
    });
    expect(await runtime.handleFunctionCall('refused', {}, ctx)).toMatchObject({
      ok: false,
      refusal: 'denied',
      text: '{"error":"no","approval":"denied"}',
    });
    expect(await runtime.handleFunctionCall('ran', {}, ctx)).toMatchObject({ ok: true, exitCode: 3 });
    // A transform hook changes what the model reads, not what happened.
    runtime.hooks.register('transform_tool_result', () => 'rewritten');
    expect(await runtime.handleFunctionCall('refused', {}, ctx)).toMatchObject({
      ok: false,
      refusal: 'denied',
      text: 'rewritten',
    });
  });

  it('returns the handler result for valid arguments, given as an object or a JSON string', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(numberTool);
    expect((await runtime.handleFunctionCall('add', { a: 1, b: 2 }, ctx)).text).toBe('3');
    expect((await runtime.handleFunctionCall('add', '{"a":4,"b":5}', ctx)).text).toBe('9');
  });

  it('coerces strings to numbers and booleans where the schema says so', async () => {
    const { runtime } = newRuntime();
    let seen: unknown;
    runtime.registry.register({ ...numberTool, handler: (args) => ((seen = args), 'ok') });
    await runtime.handleFunctionCall('add', { a: '1.5', b: '2', loud: 'true' }, ctx);
    expect(seen).toEqual({ a: 1.5, b: 2, loud: true });
  });

  it('reports invalid arguments with details', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(numberTool);
    expect(JSON.parse((await runtime.handleFunctionCall('add', { a: 'x' }, ctx)).text)).toEqual({
      error: 'Invalid arguments for add: missing required argument "b"; a must be number',
    });
    expect(JSON.parse((await runtime.handleFunctionCall('add', '{not json', ctx)).text).error).toMatch(
      /^Invalid arguments for add: arguments are not valid JSON/,
    );
    expect(JSON.parse((await runtime.handleFunctionCall('add', '[1,2]', ctx)).text).error).toBe(
      'Invalid arguments for add: arguments must be a JSON object',
    );
  });

  it('reports unknown tools', async () => {
    const { runtime } = newRuntime();
    expect((await runtime.handleFunctionCall('nope', {}, ctx)).text).toBe('{"error":"Unknown tool: nope"}');
  });

  it('reports a throwing handler, sync or async, with the error name', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(
      spec('bad', 's', {
        handler: () => {
          throw new TypeError('nope');
        },
      }),
    );
    runtime.registry.register(
      spec('badAsync', 's', { handler: async () => Promise.reject(new RangeError('late')) }),
    );
    expect((await runtime.handleFunctionCall('bad', {}, ctx)).text).toBe(
      '{"error":"Tool execution failed: TypeError: nope"}',
    );
    expect((await runtime.handleFunctionCall('badAsync', {}, ctx)).text).toBe(
      '{"error":"Tool execution failed: RangeError: late"}',
    );
  });

  it('caps error texts at 2,000 characters', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(
      spec('long', 's', {
        handler: () => {
          throw new Error('x'.repeat(5000));
        },
      }),
    );
    const error = JSON.parse((await runtime.handleFunctionCall('long', {}, ctx)).text).error as string;
    expect(error.length).toBe(2000);
    expect(error.startsWith('Tool execution failed: Error: xxx')).toBe(true);
  });

  it('lets a pre_tool_call hook block the call; every hook observes it and the first block wins', async () => {
    const { runtime } = newRuntime();
    let ran = false;
    const observed: string[] = [];
    runtime.registry.register(spec('t', 's', { handler: () => ((ran = true), 'done') }));
    runtime.hooks.register('pre_tool_call', (info) => void observed.push(`first:${info.name}`));
    runtime.hooks.register('pre_tool_call', (info) => {
      observed.push(`second:${info.name}`);
      return { action: 'block', message: 'policy says no' };
    });
    runtime.hooks.register('pre_tool_call', (info) => {
      observed.push(`third:${info.name}`);
      return { action: 'block', message: 'a later block' };
    });
    runtime.hooks.register('pre_tool_call', (info) => void observed.push(`fourth:${info.toolCallId}`));
    expect((await runtime.handleFunctionCall('t', {}, ctx)).text).toBe('{"error":"policy says no"}');
    expect(ran).toBe(false);
    expect(observed).toEqual(['first:t', 'second:t', 'third:t', 'fourth:call-1']);
  });

  it('gives post_tool_call hooks the call, result, ids, duration and status', async () => {
    const { runtime } = newRuntime();
    const seen: PostToolCallInfo[] = [];
    runtime.registry.register(spec('t', 's'));
    runtime.hooks.register('post_tool_call', (info) => void seen.push(info));
    runtime.hooks.register('pre_tool_call', (info) =>
      info.args.block ? { action: 'block', message: 'no' } : undefined,
    );
    await runtime.handleFunctionCall('t', {}, ctx);
    await runtime.handleFunctionCall('missing', {}, ctx);
    await runtime.handleFunctionCall('t', { block: true }, ctx);
    expect(seen.map((s) => s.status)).toEqual(['ok', 'error', 'vetoed']);
    expect(seen[0]).toMatchObject({
      name: 't',
      args: {},
      result: 't ran',
      taskId: 'task-1',
      sessionId: 'session-1',
      toolCallId: 'call-1',
    });
    expect(typeof seen[0]?.durationMs).toBe('number');
    expect(seen[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('lets transform_tool_result hooks replace the result: the first string wins, every hook observes', async () => {
    const { runtime } = newRuntime();
    const seen: string[] = [];
    runtime.registry.register(spec('t', 's'));
    runtime.hooks.register('transform_tool_result', (info) => void seen.push(`a:${info.result}`));
    runtime.hooks.register('transform_tool_result', (info) => {
      seen.push(`b:${info.result}`);
      return info.result.toUpperCase();
    });
    runtime.hooks.register('transform_tool_result', (info) => {
      seen.push(`c:${info.result}`);
      return 'the last string';
    });
    expect((await runtime.handleFunctionCall('t', {}, ctx)).text).toBe('T RAN');
    expect(seen).toEqual(['a:t ran', 'b:t ran', 'c:t ran']);
  });

  it('runs transform_tool_result and post_tool_call hooks on a vetoed call too', async () => {
    const { runtime } = newRuntime();
    const statuses: string[] = [];
    runtime.registry.register(spec('t', 's'));
    runtime.hooks.register('pre_tool_call', () => ({ action: 'block', message: 'no' }));
    runtime.hooks.register('post_tool_call', (info) => void statuses.push(info.status));
    runtime.hooks.register('transform_tool_result', (info) => `${info.status}: ${info.result}`);
    expect((await runtime.handleFunctionCall('t', {}, ctx)).text).toBe('vetoed: {"error":"no"}');
    expect(statuses).toEqual(['vetoed']);
  });

  it('logs and skips a hook that throws', async () => {
    const { runtime, logger } = newRuntime();
    runtime.registry.register(spec('t', 's'));
    runtime.hooks.register('pre_tool_call', () => {
      throw new Error('hook broke');
    });
    runtime.hooks.register('post_tool_call', async () => Promise.reject(new Error('post broke')));
    expect((await runtime.handleFunctionCall('t', {}, ctx)).text).toBe('t ran');
    expect(logger.messages.map((m) => m.message)).toEqual([
      'Hook pre_tool_call threw and was skipped: hook broke',
      'Hook post_tool_call threw and was skipped: post broke',
    ]);
  });

  it('turns anything else that throws, such as a schema that cannot compile, into "Error executing"', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(
      spec('broken', 's', {}, { type: 'object', properties: { a: { type: 'no-such-type' } } }),
    );
    const error = JSON.parse((await runtime.handleFunctionCall('broken', {}, ctx)).text).error as string;
    expect(error).toMatch(/^Error executing broken: schema is invalid/);
  });

  it('serialises results that cannot be turned into JSON as plain text', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(
      spec('weird', 's', {
        handler: () => ({
          toJSON() {
            throw new Error('cannot serialise');
          },
        }),
      }),
    );
    expect((await runtime.handleFunctionCall('weird', {}, ctx)).text).toBe('[object Object]');
  });
});
