import type { HookBus, HookName, HookSignatures } from '../runtime/hooks';
import { isOutcome, serialiseResult, toolFailure } from '../runtime/outcome';
import type { ToolRegistry } from '../runtime/registry';
import type { ToolsetDef } from '../runtime/toolsetCatalog';
import type { ToolsetIndex } from '../runtime/toolsets';
import type { Logger, ToolHandler, ToolSpec } from '../runtime/types';

/**
 * A plugin's handler returns a plain value; an object with a string `error` is its way to say
 * the call failed (it is what the model reads either way).
 */
function pluginHandler(handler: ToolHandler): ToolHandler {
  const judge = (value: unknown) =>
    !isOutcome(value) &&
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
      ? toolFailure(serialiseResult(value), { data: value })
      : value;
  return (args, ctx) => {
    const out = handler(args, ctx);
    return out instanceof Promise ? out.then(judge) : judge(out);
  };
}

/** A toolset a plugin bundles: its own tools and any toolsets it includes. */
export interface PluginToolset {
  description?: string;
  tools?: string[];
  includes?: string[];
}

/** What a plugin's `register(ctx)` receives. */
export interface PluginContext {
  name: string;
  registerTool(spec: Omit<ToolSpec, 'toolset'> & { toolset?: string }): void;
  registerHook<N extends HookName>(hook: N, fn: HookSignatures[N]): void;
  registerToolset(name: string, def: PluginToolset): void;
  logger: Logger;
}

export interface RuntimeTargets {
  registry: ToolRegistry;
  hooks: HookBus;
  toolsets: ToolsetIndex;
}

/**
 * Collects what one plugin registers and applies it all or not at all: nothing reaches the
 * runtime while `register(ctx)` runs, and a failure while applying undoes what was applied.
 */
export class PendingRegistration {
  private readonly tools: ToolSpec[] = [];
  private readonly hooks: [HookName, HookSignatures[HookName]][] = [];
  private readonly toolsets: [string, ToolsetDef][] = [];
  private closed = false;

  constructor(
    private readonly plugin: string,
    private readonly logger: Logger,
  ) {}

  context(): PluginContext {
    return {
      name: this.plugin,
      logger: this.logger,
      registerTool: (spec) => {
        this.open();
        this.tools.push({
          ...spec,
          toolset: spec.toolset ?? `plugin-${this.plugin}`,
          handler: pluginHandler(spec.handler),
        });
      },
      registerHook: (hook, fn) => {
        this.open();
        this.hooks.push([hook, fn as HookSignatures[HookName]]);
      },
      registerToolset: (name, def) => {
        this.open();
        this.toolsets.push([
          name,
          {
            kind: 'plugin',
            description: def.description ?? `Plugin toolset "${name}"`,
            tools: [...(def.tools ?? [])],
            includes: [...(def.includes ?? [])],
          },
        ]);
      },
    };
  }

  /** Applies everything collected; throws after undoing it when any part is refused. */
  commit(target: RuntimeTargets): void {
    this.closed = true;
    const undo: (() => void)[] = [];
    try {
      for (const spec of this.tools) {
        const previous = target.registry.get(spec.name);
        target.registry.register(spec);
        undo.push(() => target.registry.restore(spec.name, previous));
      }
      for (const [hook, fn] of this.hooks) undo.push(target.hooks.register(hook, fn));
      for (const [name, def] of this.toolsets) undo.push(target.toolsets.define(name, def));
    } catch (err) {
      for (const step of undo.reverse()) step();
      throw err;
    }
  }

  /** Closes registration when the plugin failed, so a late call cannot slip something in. */
  discard(): void {
    this.closed = true;
  }

  private open(): void {
    if (this.closed) throw new Error(`Plugin "${this.plugin}" cannot register after register(ctx) returned`);
  }
}
