/** The file tools' arguments; the schemas the model sees are generated from them. */
import { z } from 'zod';
import { functionSchema } from '../../runtime/typedArgs';

const path = z.string().describe("File path, absolute or relative to the task's working directory");

export const ReadFileArgs = z.strictObject({
  path,
  offset: z.int().min(1).optional().describe('First line to read (1-based)'),
  limit: z.int().min(1).optional().describe('How many lines to read (default 500)'),
});
export type ReadFileArgs = z.output<typeof ReadFileArgs>;

export const WriteFileArgs = z.strictObject({
  path,
  content: z.string().describe('The complete new content'),
});
export type WriteFileArgs = z.output<typeof WriteFileArgs>;

export const PatchArgs = z.strictObject({
  path,
  mode: z.enum(['replace', 'diff']).optional().describe('Default "replace"'),
  old_string: z
    .string()
    .optional()
    .describe('replace: text to find; must occur exactly once unless replace_all'),
  new_string: z.string().optional().describe('replace: the replacement'),
  replace_all: z.boolean().optional().describe('replace: replace every occurrence'),
  diff: z.string().optional().describe('diff: a unified diff against the file'),
});
export type PatchArgs = z.output<typeof PatchArgs>;

export const SearchFilesArgs = z.strictObject({
  pattern: z.string().describe('Regex for content, or glob for names'),
  target: z.enum(['content', 'files']).optional().describe('Default "content"'),
  path: z.string().optional().describe('Directory to search (default: working directory)'),
  file_glob: z.string().optional().describe('content: only files matching this glob'),
  limit: z.int().min(1).max(500).optional().describe('Maximum results (default 50)'),
});
export type SearchFilesArgs = z.output<typeof SearchFilesArgs>;

export const FILE_SCHEMAS = {
  read_file: functionSchema(
    'read_file',
    'Read a text file with line numbers. Use offset/limit for large files; binary files are refused.',
    ReadFileArgs,
  ),
  write_file: functionSchema(
    'write_file',
    'Write a whole file, creating parent directories. Overwrites an existing file.',
    WriteFileArgs,
  ),
  patch: functionSchema(
    'patch',
    'Edit a file: replace an exact, unique string (mode "replace") or apply a unified diff (mode "diff").',
    PatchArgs,
  ),
  search_files: functionSchema(
    'search_files',
    'Search file contents with a regular expression, or file names with a glob. Hidden files are skipped.',
    SearchFilesArgs,
  ),
};
