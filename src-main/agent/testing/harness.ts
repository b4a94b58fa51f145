import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent } from '../../../src-shared/agentEvents';
import { ConfigSchema, type Config } from '../../config/schema';
import { discoverTools } from '../../runtime/discovery';
import { createMemoryLogger } from '../../runtime/logger';
import { ToolRuntime } from '../../runtime/runtime';
import type { ToolSpec } from '../../runtime/types';
import type { CreateAgentOptions } from '../agentRoot';
import { AgentRoot } from '../agentRoot';
import type { ResolvedModel } from '../model/resolve';

export function scriptedModelConfig(baseUrl: string, overrides: Partial<ResolvedModel> = {}): ResolvedModel {
  return {
    provider: 'custom',
    baseUrl,
    name: 'scripted-model',
    apiKey: 'test-key',
    local: true,
    maxRetries: 2,
    timeoutMs: 10_000,
    stream: true,
    ...overrides,
  };
}

/** A runtime with the agent-loop tools available plus the given test tools. */
export async function agentRuntime(tools: ToolSpec[] = []): Promise<ToolRuntime> {
  const logger = createMemoryLogger();
  const runtime = new ToolRuntime(logger);
  await discoverTools({ registry: runtime.registry, logger, services: { agentLoop: true } }, [
    { name: 'agentLoop', load: () => import('../../tools/agentLoop') },
  ]);
  for (const tool of tools) runtime.registry.register(tool);
  return runtime;
}

/** A temporary $CADUCEUS_HOME with an agent root whose agents talk to a scripted model. */
export async function agentHarness(options: {
  baseUrl: string;
  tools?: ToolSpec[];
  config?: unknown;
  home?: string;
}) {
  const home = options.home ?? (await mkdtemp(join(tmpdir(), 'caduceus-agent-')));
  const config: Config = ConfigSchema.parse(options.config ?? {});
  const runtime = await agentRuntime(options.tools);
  const root = new AgentRoot({ home, cwd: home, env: {}, runtime, config: () => config });
  const events: AgentEvent[] = [];
  const model = scriptedModelConfig(options.baseUrl);
  return {
    home,
    root,
    runtime,
    events,
    model,
    agent: (opts: Partial<CreateAgentOptions> = {}) =>
      root.createAgent({ model, onEvent: (e) => events.push(e), ...opts }),
    async cleanup(removeHome = true) {
      root.close();
      if (removeHome) await rm(home, { recursive: true, force: true });
    },
  };
}

export type AgentHarness = Awaited<ReturnType<typeof agentHarness>>;
