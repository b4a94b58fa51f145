import type { z } from 'zod';
import { terminalCheck } from './terminal/wiring';
import { readFileTool } from './file/readFile';
import { searchFilesTool } from './file/searchFiles';
import { patchTool, writeFileTool } from './file/writeTools';
import { typedHandler } from '../runtime/typedArgs';
import { CODING_PRESETS } from '../runtime/toolsetCatalog';
import type { ToolContext, ToolHandler } from '../runtime/types';
import { FILE_SCHEMAS, PatchArgs, ReadFileArgs, SearchFilesArgs, WriteFileArgs } from './file/schemas';
import type { ToolModuleContext, ToolServices } from './toolModule';

export { FILE_SCHEMAS };

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  const reads = terminalCheck(services, { gate: false });
  const writes = terminalCheck(services, { gate: true });
  const register = (
    name: keyof typeof FILE_SCHEMAS,
    emoji: string,
    checkFn: typeof reads,
    handler: ToolHandler,
    parallelSafe: boolean,
    example?: { python: string; node: string },
  ) =>
    ctx.registry.register({
      name,
      toolset: 'file',
      toolsetDescription: 'Read, write, patch and search files',
      presets: CODING_PRESETS,
      fromScripts: example ? { example } : {},
      schema: FILE_SCHEMAS[name],
      emoji,
      icon: name === 'search_files' ? 'search' : 'file',
      isAsync: true,
      checkFn,
      parallelSafe,
      // read_file names a path too, so the batch planner keeps a read and a write of one file apart.
      ...(name === 'search_files' ? {} : { pathArg: 'path' }),
      handler,
    });
  const typed = <S extends z.ZodObject>(
    name: keyof typeof FILE_SCHEMAS,
    args: S,
    run: (services: ToolServices, args: z.output<S>, call: ToolContext) => unknown,
  ) => typedHandler(name, args, (parsed, call) => run(services, parsed, call));
  register('read_file', '📖', reads, typed('read_file', ReadFileArgs, readFileTool), true, {
    python: 'path="a.txt"',
    node: '{ path: "a.txt" }',
  });
  register('write_file', '✍️', writes, typed('write_file', WriteFileArgs, writeFileTool), false, {
    python: 'path="out.txt", content="done"',
    node: '{ path: "out.txt", content: "done" }',
  });
  register('patch', '🩹', writes, typed('patch', PatchArgs, patchTool), false);
  register('search_files', '🔎', reads, typed('search_files', SearchFilesArgs, searchFilesTool), true, {
    python: 'pattern="TODO"',
    node: '{ pattern: "TODO" }',
  });
}
