/** The `search_files` tool: content by regular expression, or file names by glob, under a directory. */
import { posix } from 'node:path';
import { toolError } from '../../runtime/errors';
import { toolOk } from '../../runtime/outcome';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { messageOf } from '../terminal/wiring';
import type { ToolServices } from '../toolModule';
import { withTaskFiles, type SearchOutcome } from './access';
import { askToRead } from './readGuard';
import { withheld } from './searchGuard';
import type { SearchFilesArgs } from './schemas';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

export async function searchFilesTool(
  services: ToolServices,
  args: SearchFilesArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const terminal = services.terminal;
  if (!terminal) return toolError('search_files needs the terminal service, which is not configured');
  const { pattern, target = 'content' } = args;
  if (pattern === '') return toolError('pattern is empty');
  const limit = Math.min(args.limit ?? DEFAULT_LIMIT, MAX_LIMIT);
  try {
    return await withTaskFiles(terminal, call.taskId, call.signal, async (task) => {
      const root = task.resolve(args.path ?? '.');
      const local = task.backendKind === 'local';
      // A root the read policy lists is asked about like a read of it.
      const asked = local ? await askToRead(services, call, root) : { allowed: undefined };
      if ('refusal' in asked) return asked.refusal;
      const glob = target === 'files' ? pattern : args.file_glob;
      const found = await task.files.search({ root, target, pattern, glob, limit });
      if (found.error !== undefined) return toolError(`search_files failed: ${found.error}`);
      const outcome = local ? await withheld(services, found, target, asked.allowed?.entry, root) : found;
      return format(outcome, target, task.paths.cwd, limit);
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
  outcome: SearchOutcome & { withheld?: number },
  target: 'content' | 'files',
  cwd: string,
  limit: number,
): ToolOutcome {
  const more = {
    ...(outcome.truncated
      ? { truncated: true, hint: `Stopped at ${limit} results; narrow the pattern or path, or raise limit.` }
      : {}),
    ...(outcome.withheld
      ? {
          withheld: outcome.withheld,
          withheld_note: `${outcome.withheld} results were withheld: from files that hold secrets (credentials, keys, history), or that changed while they were searched`,
        }
      : {}),
  };
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
