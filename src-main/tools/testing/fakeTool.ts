/**
 * A throwaway tool module for the test that follows the "add a tool" recipe
 * (docs/architecture.md): every fact about the tool is on its registration.
 */
import { z } from 'zod';
import { functionSchema, typedHandler } from '../../runtime/typedArgs';
import { SURFACE_PRESETS } from '../../runtime/toolsetCatalog';
import type { ToolModuleContext } from '../toolModule';

const FakeRunArgs = z.object({ script: z.string().describe('What to run') });

export function registerTools(ctx: ToolModuleContext): void {
  ctx.registry.register({
    name: 'fake_run',
    toolset: 'fake',
    toolsetDescription: 'Fake scripts for the recipe test',
    schema: functionSchema('fake_run', 'Runs a fake script.', FakeRunArgs),
    emoji: '🧪',
    icon: 'code',
    // Offered by the hosts' presets, not the editor's or the coding composite.
    presets: SURFACE_PRESETS,
    fromScripts: { example: { python: 'script="x"', node: '{ script: "x" }' } },
    neverParallel: true,
    gateCommand: (args) => (typeof args.script === 'string' ? `fake-run ${args.script}` : undefined),
    handler: typedHandler('fake_run', FakeRunArgs, (args) => `ran ${args.script}`),
  });
}
