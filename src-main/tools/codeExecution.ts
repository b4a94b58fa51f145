import { executeCode } from './codeExecution/run';
import { terminalCheck } from './terminal/wiring';
import { typedHandler } from '../runtime/typedArgs';
import { EXECUTE_CODE_SCHEMA, ExecuteCodeArgs } from './codeExecution/schemas';
import type { ToolModuleContext } from './toolModule';
import { CODING_PRESETS } from '../runtime/toolsetCatalog';
import { withScriptTools } from './codeExecution/scriptTools';

export { EXECUTE_CODE_SCHEMA };

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  ctx.registry.register({
    name: 'execute_code',
    toolset: 'code_execution',
    toolsetDescription: 'Run scripts that call tools programmatically',
    presets: CODING_PRESETS,
    schema: EXECUTE_CODE_SCHEMA,
    offeredWith: withScriptTools,
    emoji: '🐍',
    icon: 'code',
    isAsync: true,
    checkFn: terminalCheck(services, { gate: true }),
    handler: typedHandler('execute_code', ExecuteCodeArgs, (args, call) =>
      executeCode(services, args, call, ctx.registry.callableFromScripts()),
    ),
  });
}
