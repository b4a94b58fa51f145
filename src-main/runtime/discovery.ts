import type { ToolModuleContext } from '../tools/toolModule';
import type { ToolModuleLoader } from '../tools/builtin';
import type { ToolRegistry } from './registry';
import type { ToolSpec } from './types';

export interface DiscoveryReport {
  loaded: string[];
  failed: { name: string; error: string }[];
}

/**
 * Imports tool modules in order and lets each register its tools. A module that fails to import
 * or to register is logged and skipped, with whatever it registered before failing undone; the
 * others still load.
 */
export async function discoverTools(
  ctx: ToolModuleContext & { registry: ToolRegistry },
  modules: ToolModuleLoader[],
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
function recording(registry: ToolRegistry, undo: (() => void)[]): ToolModuleContext['registry'] {
  return {
    register(spec: ToolSpec) {
      const previous = registry.get(spec.name);
      registry.register(spec);
      undo.push(() => registry.restore(spec.name, previous));
    },
  };
}
