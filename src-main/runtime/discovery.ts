import type { ToolModuleContext } from '../tools/toolModule';
import type { ToolModuleLoader } from '../tools/builtin';

export interface DiscoveryReport {
  loaded: string[];
  failed: { name: string; error: string }[];
}

/**
 * Imports tool modules in order and lets each register its tools. A module that fails to import
 * or to register is logged and skipped; the others still load.
 */
export async function discoverTools(
  ctx: ToolModuleContext,
  modules: ToolModuleLoader[],
): Promise<DiscoveryReport> {
  const report: DiscoveryReport = { loaded: [], failed: [] };
  for (const mod of modules) {
    try {
      const loaded = await mod.load();
      loaded.registerTools(ctx);
      report.loaded.push(mod.name);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      ctx.logger.error(`Tool module "${mod.name}" failed to load and was skipped: ${error}`);
      report.failed.push({ name: mod.name, error });
    }
  }
  return report;
}
