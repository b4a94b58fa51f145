/** The `read_file` tool: numbered lines of a text file, refusing binary and huge files with a reason. */
import { toolError } from '../../runtime/errors';
import { toolOk } from '../../runtime/outcome';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { messageOf } from '../terminal/wiring';
import type { ToolServices } from '../toolModule';
import { withTaskFiles, type ReadOutcome, type TaskFiles } from './access';
import { guardedLocalRead } from './readGuard';
import type { ReadFileArgs } from './schemas';

/** Files above this size are refused whole; the model should search them or read slices with sed. */
export const MAX_READ_BYTES = 10 * 1024 * 1024;
const DEFAULT_LIMIT = 500;
const MAX_LINE_CHARS = 2_000;
const MAX_CONTENT_CHARS = 100_000;

export async function readFileTool(
  services: ToolServices,
  args: ReadFileArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const terminal = services.terminal;
  if (!terminal) return toolError('read_file needs the terminal service, which is not configured');
  try {
    return await withTaskFiles(terminal, call.taskId, call.signal, async (task) => {
      const path = task.resolve(args.path);
      const outcome = await guardedRead(services, task, call, path);
      return 'refusal' in outcome ? outcome.refusal : formatRead(path, outcome, args.offset, args.limit);
    });
  } catch (error) {
    return toolError(`read_file failed: ${messageOf(error)}`);
  }
}

/** Reads `path`, under the read policy on the local backend (other backends' files are on their own machine). */
export async function guardedRead(
  services: ToolServices,
  task: TaskFiles,
  call: ToolContext,
  path: string,
): Promise<ReadOutcome | { refusal: ToolOutcome }> {
  if (task.backendKind !== 'local') return task.files.read(path, MAX_READ_BYTES);
  return guardedLocalRead(services, call, path, MAX_READ_BYTES);
}

/** Whether bytes look binary: a NUL in the first 8,000 bytes, as git and grep decide. */
export function looksBinary(data: Uint8Array): boolean {
  return data.subarray(0, 8_000).includes(0);
}

/** Explains why an outcome is not a readable text file, or returns its text. */
export function textOrRefusal(
  path: string,
  outcome: ReadOutcome,
): { text: string; bom: boolean } | { refusal: string } {
  switch (outcome.kind) {
    case 'missing':
      return { refusal: `${path} does not exist` };
    case 'directory':
      return { refusal: `${path} is a directory; list it with search_files (target "files") or terminal ls` };
    case 'special':
      return { refusal: `${path} is not a regular file (a device, socket or pipe)` };
    case 'unreadable':
      return { refusal: `${path} cannot be read: permission denied` };
  }
  if (!outcome.data) {
    const mb = (outcome.size / 1024 / 1024).toFixed(1);
    return {
      refusal:
        `${path} is ${mb} MB, more than read_file reads (${MAX_READ_BYTES / 1024 / 1024} MB). ` +
        "Find what you need with search_files, or read a slice with terminal (sed -n '100,200p', head, tail).",
    };
  }
  if (looksBinary(outcome.data)) {
    return {
      refusal:
        `${path} looks like a binary file (${outcome.size} bytes); read_file reads text only. ` +
        'Inspect it with terminal (file, xxd | head) or a tool made for its format.',
    };
  }
  // A byte order mark is not content; patch puts it back when it writes.
  const text = outcome.data.toString('utf8');
  const bom = text.charCodeAt(0) === 0xfeff;
  return { text: bom ? text.slice(1) : text, bom };
}

function formatRead(path: string, outcome: ReadOutcome, offset = 1, limit = DEFAULT_LIMIT): ToolOutcome {
  const text = textOrRefusal(path, outcome);
  if ('refusal' in text) return toolError(text.refusal);
  const lines = text.text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  if (offset > Math.max(total, 1))
    return toolError(`offset ${offset} is past the end of ${path} (${total} lines)`);
  const numbered: string[] = [];
  let chars = 0;
  let end = offset - 1;
  for (let i = offset - 1; i < Math.min(total, offset - 1 + limit); i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    const shown =
      line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… [${line.length} chars]` : line;
    const entry = `${String(i + 1).padStart(6)}|${shown}`;
    if (chars + entry.length > MAX_CONTENT_CHARS && numbered.length > 0) break;
    numbered.push(entry);
    chars += entry.length + 1;
    end = i + 1;
  }
  const more =
    end < total
      ? { next_offset: end + 1, hint: `${total - end} more lines; read on with offset=${end + 1}` }
      : {};
  return toolOk({
    path,
    content: numbered.join('\n'),
    start_line: total === 0 ? 0 : offset,
    end_line: end,
    total_lines: total,
    file_size: outcome.kind === 'file' ? outcome.size : 0,
    ...more,
  });
}
