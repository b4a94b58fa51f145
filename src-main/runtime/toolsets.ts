import type { ToolRegistry } from './registry';
import type { ToolsetDef, ToolsetKind } from './toolsetCatalog';
import { ALL_TOOLSET_NAMES, STATIC_TOOLSETS } from './toolsetCatalog';
import type { Logger } from './types';

export interface ResolvedToolset {
  name: string;
  kind: ToolsetKind;
  description: string;
  tools: string[];
  includes: string[];
}

/**
 * Resolves toolset names (static, composite, preset, legacy, MCP, plugin, all) to tool names.
 * Results are memoised per registry generation, since MCP and plugin toolsets come from it.
 */
export class ToolsetIndex {
  private readonly defs: Map<string, ToolsetDef>;
  private cache = new Map<string, ReadonlySet<string>>();
  private cacheGeneration = -1;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly logger: Logger,
    table: Record<string, ToolsetDef> = STATIC_TOOLSETS,
  ) {
    this.defs = new Map(Object.entries(table));
  }

  /** Adds or replaces a toolset definition (plugins may bundle their own); returns its undo. */
  define(name: string, def: ToolsetDef): () => void {
    const previous = this.defs.get(name);
    this.defs.set(name, def);
    this.cache.clear();
    return () => {
      if (previous) this.defs.set(name, previous);
      else this.defs.delete(name);
      this.cache.clear();
    };
  }

  /** A toolset's definition, including the registry-only kinds (MCP, plugin). */
  get(name: string): ResolvedToolset | undefined {
    const def = this.defs.get(name);
    const registered = this.registry.toolsIn(def?.sameAs ?? name);
    if (def) {
      const tools = [...new Set([...def.tools, ...registered])];
      return { name, kind: def.kind, description: def.description, tools, includes: [...def.includes] };
    }
    if (registered.length === 0) return undefined;
    const described = this.registry.toolsetDescription(name);
    if (described !== undefined)
      return { name, kind: 'leaf', description: described, tools: registered, includes: [] };
    const kind: ToolsetKind = name.startsWith('mcp-') ? 'mcp' : 'plugin';
    const description =
      kind === 'mcp' ? `Tools of the MCP server "${name.slice(4)}"` : `Plugin toolset "${name}"`;
    return { name, kind, description, tools: registered, includes: [] };
  }

  /** Every toolset name known now: the built-in leaves, the static ones, then MCP and plugin toolsets. */
  names(): string[] {
    const registered = [...this.registry.registeredToolsets()];
    const leaves = registered.filter((name) => this.registry.toolsetDescription(name) !== undefined);
    return [...new Set([...leaves, ...this.defs.keys(), ...registered])];
  }

  isKnown(name: string): boolean {
    return (ALL_TOOLSET_NAMES as readonly string[]).includes(name) || this.get(name) !== undefined;
  }

  /** The tool names a toolset stands for; unknown names warn and resolve to nothing. */
  resolve(name: string): ReadonlySet<string> {
    if (this.cacheGeneration !== this.registry.generation) {
      this.cache.clear();
      this.cacheGeneration = this.registry.generation;
    }
    const hit = this.cache.get(name);
    if (hit) return hit;
    const out = new Set<string>();
    if ((ALL_TOOLSET_NAMES as readonly string[]).includes(name)) {
      for (const tool of this.registry.names()) out.add(tool);
    } else if (!this.isKnown(name)) {
      this.logger.warn(`Unknown toolset "${name}"`);
    } else {
      this.collect(name, out, []);
    }
    this.cache.set(name, out);
    return out;
  }

  private collect(name: string, out: Set<string>, path: string[]): void {
    if (path.includes(name)) {
      this.logger.warn(`Toolset cycle ignored: ${[...path, name].join(' -> ')}`);
      return;
    }
    const set = this.get(name);
    if (!set) {
      this.logger.warn(`Unknown toolset "${name}" included by "${path[path.length - 1] ?? name}"`);
      return;
    }
    for (const tool of set.tools) out.add(tool);
    for (const child of set.includes) this.collect(child, out, [...path, name]);
  }
}
