import { terminalCheck } from './terminal/wiring';
import { readFileTool } from './file/readFile';
import { searchFilesTool } from './file/searchFiles';
import { patchTool, writeFileTool } from './file/writeTools';
import { fn, type ToolModuleContext } from './toolModule';

const path = {
  type: 'string',
  description: "File path, absolute or relative to the task's working directory",
};

export const FILE_SCHEMAS = {
  read_file: fn(
    'read_file',
    'Read a text file with line numbers. Use offset/limit for large files; binary files are refused.',
    {
      path,
      offset: { type: 'integer', minimum: 1, description: 'First line to read (1-based)' },
      limit: { type: 'integer', minimum: 1, description: 'How many lines to read (default 500)' },
    },
    ['path'],
  ),
  write_file: fn(
    'write_file',
    'Write a whole file, creating parent directories. Overwrites an existing file.',
    { path, content: { type: 'string', description: 'The complete new content' } },
    ['path', 'content'],
  ),
  patch: fn(
    'patch',
    'Edit a file: replace an exact, unique string (mode "replace") or apply a unified diff (mode "diff").',
    {
      path,
      mode: { type: 'string', enum: ['replace', 'diff'], description: 'Default "replace"' },
      old_string: {
        type: 'string',
        description: 'replace: text to find; must occur exactly once unless replace_all',
      },
      new_string: { type: 'string', description: 'replace: the replacement' },
      replace_all: { type: 'boolean', description: 'replace: replace every occurrence' },
      diff: { type: 'string', description: 'diff: a unified diff against the file' },
    },
    ['path'],
  ),
  search_files: fn(
    'search_files',
    'Search file contents with a regular expression, or file names with a glob. Hidden files are skipped.',
    {
      pattern: { type: 'string', description: 'Regex for content, or glob for names' },
      target: { type: 'string', enum: ['content', 'files'], description: 'Default "content"' },
      path: { type: 'string', description: 'Directory to search (default: working directory)' },
      file_glob: { type: 'string', description: 'content: only files matching this glob' },
      limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Maximum results (default 50)' },
    },
    ['pattern'],
  ),
};

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  const reads = terminalCheck(services, { gate: false });
  const writes = terminalCheck(services, { gate: true });
  const register = (
    name: keyof typeof FILE_SCHEMAS,
    emoji: string,
    checkFn: typeof reads,
    handler: typeof readFileTool,
    parallelSafe: boolean,
  ) =>
    ctx.registry.register({
      name,
      toolset: 'file',
      schema: FILE_SCHEMAS[name],
      emoji,
      isAsync: true,
      checkFn,
      parallelSafe,
      // read_file names a path too, so the batch planner keeps a read and a write of one file apart.
      ...(name === 'search_files' ? {} : { pathArg: 'path' }),
      handler: (args, call) => handler(services, args, call),
    });
  register('read_file', '📖', reads, readFileTool, true);
  register('write_file', '✍️', writes, writeFileTool, false);
  register('patch', '🩹', writes, patchTool, false);
  register('search_files', '🔎', reads, searchFilesTool, true);
}
