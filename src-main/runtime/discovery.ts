import type { ToolRegistry } from './registry';
import type { Logger, ToolSpec } from './types';

/** What every tool module receives; the tool layer adds its services (ToolModuleContext). */
export interface DiscoveryContext {
  registry: Pick<ToolRegistry, 'register' | 'callableFromScripts'>;
  logger: Logger;
}

/** A module of tools, imported when discovery reaches it. */
export interface ToolModuleLoader<C extends DiscoveryContext = DiscoveryContext> {
  name: string;
  load: () => Promise<{ registerTools(ctx: C): void }>;
}

export interface DiscoveryReport {
  loaded: string[];
  failed: { name: string; error: string }[];
}

/**
 * Imports tool modules in order and lets each register its tools. A module that fails to import
 * or to register is logged and skipped, with whatever it registered before failing undone; the
 * others still load.
 */
export async function discoverTools<C extends DiscoveryContext>(
  ctx: C & { registry: ToolRegistry },
  modules: ToolModuleLoader<C>[],
): Promise<DiscoveryReport> {
  const report: DiscoveryReport = { loaded: [], failed: [] };
  for (const mod of modules) {
    const undo: (() => void)[] = [];
    try {
      const loaded = await mod.load();
      loaded.registerTools({ ...ctx, registry: recording(ctx.registry, undo) });
      report.loaded.push(mod.name);
    } catch (err) {
      for (const step of undo.reverse()) step();
      const error = err instanceof Error ? err.message : String(err);
      ctx.logger.error(`Tool module "${mod.name}" failed to load and was skipped: ${error}`);
      report.failed.push({ name: mod.name, error });
    }
  }
  return report;
}

/** Registers through to the registry and keeps the step that undoes each registration. */
function recording(registry: ToolRegistry, undo: (() => void)[]): DiscoveryContext['registry'] {
  return {
    register(spec: ToolSpec) {
      const previous = registry.get(spec.name);
      registry.register(spec);
      undo.push(() => registry.restore(spec.name, previous));
    },
    callableFromScripts: () => registry.callableFromScripts(),
  };
}
