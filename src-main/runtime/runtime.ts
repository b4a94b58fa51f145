import type { ToolAvailability, ToolsetAvailability } from '../../src-shared/ipc/schemas';
import { availabilityOf, evaluateChecks, missingEnv } from './availability';
import { DefinitionsBuilder, type DefinitionsRequest } from './definitions';
import { Dispatcher } from './dispatch';
import { HookBus } from './hooks';
import { ToolRegistry } from './registry';
import type { ToolsetDef, ToolsetKind } from './toolsetCatalog';
import { ToolsetIndex } from './toolsets';
import type { Logger, ToolArgs, ToolContext, ToolDefinition, ToolOutcome } from './types';

export interface ToolsetInfo {
  name: string;
  kind: ToolsetKind;
  description: string;
  tools: string[];
  includes: string[];
  /** Every tool passes; some but not all (partly, n of m); none. */
  availability: ToolsetAvailability;
  /** At least one of its tools is offered. */
  available: boolean;
  toolsAvailable: number;
  toolsTotal: number;
  /** Each tool the toolset stands for, in order, with the reason when it is unavailable. */
  toolAvailability: ToolAvailability[];
  requiresEnv: string[];
  missingEnv: string[];
  /** Why each unavailable tool is unavailable. */
  unavailable: Record<string, string>;
}

const NOT_REGISTERED = 'not registered (its module did not load)';

/** The tool runtime: one registry, its toolsets, hooks, definitions and dispatch. */
export class ToolRuntime {
  readonly registry: ToolRegistry;
  readonly toolsets: ToolsetIndex;
  readonly hooks: HookBus;
  private readonly definitions: DefinitionsBuilder;
  private readonly dispatcher: Dispatcher;

  constructor(
    readonly logger: Logger,
    toolsetTable?: Record<string, ToolsetDef>,
  ) {
    this.registry = new ToolRegistry(logger);
    this.toolsets = new ToolsetIndex(this.registry, logger, toolsetTable);
    this.hooks = new HookBus(logger);
    this.definitions = new DefinitionsBuilder(this.registry, this.toolsets, logger);
    this.dispatcher = new Dispatcher(this.registry, this.hooks);
  }

  getToolDefinitions(request: DefinitionsRequest = {}): Promise<ToolDefinition[]> {
    return this.definitions.build(request);
  }

  handleFunctionCall(
    name: string,
    args: ToolArgs | string | undefined,
    ctx: ToolContext,
  ): Promise<ToolOutcome> {
    return this.dispatcher.handleFunctionCall(name, args, ctx);
  }

  /** Whether at least one tool of the toolset is offered (see describeToolset for the detail). */
  async isToolsetAvailable(name: string): Promise<boolean> {
    return (await this.describeToolset(name))?.available ?? false;
  }

  async describeToolset(name: string): Promise<ToolsetInfo | undefined> {
    const set = this.toolsets.get(name);
    if (!set) return undefined;
    const names = [...this.toolsets.resolve(name)];
    const entries = names.flatMap((tool) => this.registry.get(tool) ?? []);
    const checks = await evaluateChecks(entries, this.logger);
    const requires = new Set<string>();
    const missing = new Set<string>();
    const toolAvailability = names.map((tool): ToolAvailability => {
      const entry = this.registry.get(tool);
      if (!entry) return { name: tool, available: false, reason: NOT_REGISTERED };
      for (const v of entry.requiresEnv) requires.add(v);
      for (const v of missingEnv(entry)) missing.add(v);
      const { available, reason } = availabilityOf(entry, checks);
      return available
        ? { name: tool, available }
        : { name: tool, available, reason: reason ?? 'unavailable' };
    });
    const unavailable: Record<string, string> = {};
    for (const t of toolAvailability) if (!t.available) unavailable[t.name] = t.reason ?? 'unavailable';
    const toolsAvailable = toolAvailability.filter((t) => t.available).length;
    const toolsTotal = toolAvailability.length;
    const availability: ToolsetAvailability =
      toolsAvailable === 0 ? 'unavailable' : toolsAvailable < toolsTotal ? 'partial' : 'available';
    return {
      ...set,
      availability,
      available: availability !== 'unavailable',
      toolsAvailable,
      toolsTotal,
      toolAvailability,
      requiresEnv: [...requires],
      missingEnv: [...missing],
      unavailable,
    };
  }

  async describeToolsets(): Promise<ToolsetInfo[]> {
    const out: ToolsetInfo[] = [];
    for (const name of this.toolsets.names()) {
      const info = await this.describeToolset(name);
      if (info) out.push(info);
    }
    return out;
  }
}
