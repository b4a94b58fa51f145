import { availabilityOf, evaluateChecks, missingEnv } from './availability';
import { DefinitionsBuilder, type DefinitionsRequest } from './definitions';
import { Dispatcher } from './dispatch';
import { HookBus } from './hooks';
import { ToolRegistry } from './registry';
import type { ToolsetDef, ToolsetKind } from './toolsetCatalog';
import { ToolsetIndex } from './toolsets';
import type { Logger, ToolArgs, ToolContext, ToolDefinition } from './types';

export interface ToolsetInfo {
  name: string;
  kind: ToolsetKind;
  description: string;
  tools: string[];
  includes: string[];
  available: boolean;
  requiresEnv: string[];
  missingEnv: string[];
  /** Why each unavailable tool is unavailable. */
  unavailable: Record<string, string>;
}

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

  handleFunctionCall(name: string, args: ToolArgs | string | undefined, ctx: ToolContext): Promise<string> {
    return this.dispatcher.handleFunctionCall(name, args, ctx);
  }

  /** A toolset is available when it has registered tools and every one passes its check. */
  async isToolsetAvailable(name: string): Promise<boolean> {
    return (await this.describeToolset(name))?.available ?? false;
  }

  async describeToolset(name: string): Promise<ToolsetInfo | undefined> {
    const set = this.toolsets.get(name);
    if (!set) return undefined;
    const entries = [...this.toolsets.resolve(name)].flatMap((tool) => this.registry.get(tool) ?? []);
    const checks = await evaluateChecks(entries, this.logger);
    const unavailable: Record<string, string> = {};
    const requires = new Set<string>();
    const missing = new Set<string>();
    for (const entry of entries) {
      const availability = availabilityOf(entry, checks);
      if (!availability.available) unavailable[entry.name] = availability.reason ?? 'unavailable';
      for (const v of entry.requiresEnv) requires.add(v);
      for (const v of missingEnv(entry)) missing.add(v);
    }
    return {
      ...set,
      available: entries.length > 0 && Object.keys(unavailable).length === 0,
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
