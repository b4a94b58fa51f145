import { createMemoryLogger } from '../src-main/runtime/logger';
import { ToolRuntime } from '../src-main/runtime/runtime';
import type { CheckFn } from '../src-main/runtime/types';
import { median, round } from '../src-shared/stats';

const ctx = { taskId: 't', sessionId: 's', toolCallId: 'c' };

function trivialRuntime(): ToolRuntime {
  const runtime = new ToolRuntime(createMemoryLogger());
  runtime.registry.register({
    name: 'noop',
    toolset: 'bench',
    schema: {
      name: 'noop',
      description: 'does nothing',
      parameters: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
    },
    handler: () => 'ok',
  });
  return runtime;
}

/** Median µs per call over `total` calls, measured in batches. */
async function perCall(call: () => Promise<unknown>, total = 100_000, batch = 1_000): Promise<number> {
  for (let i = 0; i < 5_000; i++) await call(); // warm up the JIT and the validator
  const samples: number[] = [];
  for (let done = 0; done < total; done += batch) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) await call();
    samples.push(((performance.now() - start) * 1000) / batch);
  }
  return median(samples);
}

function bigRuntime(): ToolRuntime {
  const runtime = new ToolRuntime(createMemoryLogger());
  const checks: CheckFn[] = Array.from({ length: 10 }, (_, i) => () => i % 7 !== 6);
  for (let i = 0; i < 1_000; i++) {
    const name = `tool_${i}`;
    runtime.registry.register({
      name,
      toolset: `set_${i % 50}`,
      schema: {
        name,
        description: `Tool ${i}`,
        parameters: { type: 'object', properties: { a: { type: 'string' } } },
      },
      handler: () => name,
      checkFn: checks[i % 10],
    });
  }
  return runtime;
}

export async function benchRuntime(): Promise<Record<string, number>> {
  const runtime = trivialRuntime();
  const args = { x: 1 };
  const dispatchUs = await perCall(() => runtime.handleFunctionCall('noop', args, ctx));
  const registryUs = await perCall(() => runtime.registry.dispatch('noop', args, ctx));

  const colds: number[] = [];
  for (let i = 0; i < 20; i++) {
    const fresh = bigRuntime();
    const start = performance.now();
    await fresh.getToolDefinitions();
    colds.push(performance.now() - start);
  }
  const warm = bigRuntime();
  await warm.getToolDefinitions();
  const repeated: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const start = performance.now();
    await warm.getToolDefinitions();
    repeated.push(performance.now() - start);
  }
  const selected: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await warm.getToolDefinitions({ enabled: [`set_${i % 50}`, `set_${(i + 1) % 50}`], disabled: ['set_3'] });
    selected.push(performance.now() - start);
  }
  return {
    dispatch_pipeline_us_per_call: round(dispatchUs),
    registry_dispatch_us_per_call: round(registryUs),
    definitions_1000_tools_cold_ms: round(median(colds)),
    definitions_1000_tools_repeated_ms: round(median(repeated), 4),
    definitions_changing_selection_ms: round(median(selected)),
  };
}
