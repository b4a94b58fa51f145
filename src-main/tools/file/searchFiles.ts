/** The `search_files` tool: content by regular expression, or file names by glob, under a directory. */
import { posix } from 'node:path';
import { toolError } from '../../runtime/errors';
import { toolOk } from '../../runtime/outcome';
import type { ToolArgs, ToolContext, ToolOutcome } from '../../runtime/types';
import { numberArg, stringArg } from '../terminal/args';
import { messageOf } from '../terminal/services';
import type { ToolServices } from '../toolModule';
import { withTaskFiles, type SearchOutcome } from './access';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

export async function searchFilesTool(
  services: ToolServices,
  args: ToolArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const terminal = services.terminal;
  if (!terminal) return toolError('search_files needs the terminal service, which is not configured');
  const pattern = stringArg(args, 'pattern') ?? '';
  if (pattern === '') return toolError('pattern is empty');
  const target = stringArg(args, 'target') === 'files' ? 'files' : 'content';
  const limit = Math.min(numberArg(args, 'limit') ?? DEFAULT_LIMIT, MAX_LIMIT);
  try {
    return await withTaskFiles(terminal, call.taskId, call.signal, async ({ files, resolve, paths }) => {
      const root = resolve(stringArg(args, 'path') ?? '.');
      const glob = target === 'files' ? pattern : stringArg(args, 'file_glob');
      const outcome = await files.search({ root, target, pattern, glob, limit });
      if (outcome.error !== undefined) return toolError(`search_files failed: ${outcome.error}`);
      return format(outcome, target, paths.cwd, limit);
    });
  } catch (error) {
    return toolError(`search_files failed: ${messageOf(error)}`);
  }
}

/** Paths inside the working directory are shown relative to it, which is shorter and what the model types. */
function shown(path: string, cwd: string): string {
  const relative = posix.relative(cwd, path);
  return relative === '' || relative.startsWith('../') || relative === '..' ? path : relative;
}

function format(
  outcome: SearchOutcome,
  target: 'content' | 'files',
  cwd: string,
  limit: number,
): ToolOutcome {
  const more = outcome.truncated
    ? { truncated: true, hint: `Stopped at ${limit} results; narrow the pattern or path, or raise limit.` }
    : {};
  if (target === 'files') {
    const files = outcome.lines.map((path) => shown(path, cwd));
    return toolOk({ files, count: files.length, engine: outcome.engine, ...more });
  }
  const matches = outcome.lines.flatMap((line) => {
    const parsed = /^(.*?):(\d+):(.*)$/s.exec(line);
    return parsed
      ? [{ path: shown(parsed[1] ?? '', cwd), line: Number(parsed[2]), text: parsed[3] ?? '' }]
      : [];
  });
  return toolOk({ matches, count: matches.length, engine: outcome.engine, ...more });
}
