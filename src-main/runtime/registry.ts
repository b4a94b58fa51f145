import { describeThrown, toolError } from './errors';
import { toOutcome } from './outcome';
import type { Logger, ToolArgs, ToolContext, ToolEntry, ToolHandler, ToolOutcome, ToolSpec } from './types';

/** Calls a handler, sync or async; what it returns becomes an outcome, a throw a failure. */
export async function runHandler(
  handler: ToolHandler,
  args: ToolArgs,
  ctx: ToolContext,
): Promise<ToolOutcome> {
  try {
    let out = handler(args, ctx);
    if (out instanceof Promise) out = await out;
    return toOutcome(out);
  } catch (err) {
    const { name: errorName, message } = describeThrown(err);
    return toolError(`Tool execution failed: ${errorName}: ${message}`);
  }
}

/**
 * The single store of tools, keyed by name. Every change bumps `generation`, which callers
 * use to memoise anything derived from the registry (definitions, toolset membership).
 */
export class ToolRegistry {
  private readonly tools = new Map<string, ToolEntry>();
  private gen = 0;

  constructor(private readonly logger: Logger) {}

  get generation(): number {
    return this.gen;
  }

  register(spec: ToolSpec): void {
    if (!spec.name || spec.name !== spec.schema.name) {
      throw new Error(`Tool registration for "${spec.name}" must carry a schema with the same name`);
    }
    const previous = this.tools.get(spec.name);
    if (previous && previous.toolset !== spec.toolset) {
      this.logger.warn(
        `Tool "${spec.name}" from toolset "${spec.toolset}" replaces the one from toolset "${previous.toolset}"`,
      );
    }
    this.tools.set(spec.name, {
      ...spec,
      description: spec.description ?? spec.schema.description,
      emoji: spec.emoji ?? '🔧',
      requiresEnv: spec.requiresEnv ?? [],
      isAsync: spec.isAsync ?? false,
      parallelSafe: spec.parallelSafe ?? false,
    });
    this.gen++;
  }

  deregister(name: string): boolean {
    const removed = this.tools.delete(name);
    if (removed) this.gen++;
    return removed;
  }

  /** Puts back an entry saved before a registration that is being undone (or removes the name). */
  restore(name: string, previous: ToolEntry | undefined): void {
    if (previous) this.tools.set(name, previous);
    else this.tools.delete(name);
    this.gen++;
  }

  /** Calls a tool's handler without validation or hooks; an unknown name is a failure. */
  async dispatch(name: string, args: ToolArgs, ctx: ToolContext): Promise<ToolOutcome> {
    const entry = this.tools.get(name);
    if (!entry) return toolError(`Unknown tool: ${name}`);
    return runHandler(entry.handler, args, ctx);
  }

  get(name: string): ToolEntry | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  entries(): IterableIterator<ToolEntry> {
    return this.tools.values();
  }

  /** Names of the tools registered into one toolset, or into a preset they name, in registration order. */
  toolsIn(toolset: string): string[] {
    const out: string[] = [];
    for (const entry of this.tools.values())
      if (entry.toolset === toolset || entry.presets?.includes(toolset)) out.push(entry.name);
    return out;
  }

  /** What a toolset is for, as the first of its tools that says so registered it. */
  toolsetDescription(toolset: string): string | undefined {
    for (const entry of this.tools.values())
      if (entry.toolset === toolset && entry.toolsetDescription !== undefined)
        return entry.toolsetDescription;
    return undefined;
  }

  /** The tools an execute_code script may call, in registration order. */
  callableFromScripts(): string[] {
    const out: string[] = [];
    for (const entry of this.tools.values()) if (entry.fromScripts) out.push(entry.name);
    return out;
  }

  /** Every toolset name that at least one registered tool belongs to. */
  registeredToolsets(): Set<string> {
    const out = new Set<string>();
    for (const entry of this.tools.values()) out.add(entry.toolset);
    for (const entry of this.tools.values()) for (const preset of entry.presets ?? []) out.add(preset);
    return out;
  }
}
