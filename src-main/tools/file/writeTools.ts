/** The `write_file` and `patch` tools: every write first passes the approval gate as the equivalent shell command. */
import { toolError } from '../../runtime/errors';
import type { ToolArgs, ToolContext } from '../../runtime/types';
import { shQuote } from '../../terminal/shellScript';
import { booleanArg, stringArg } from '../terminal/args';
import { gateRefusal, messageOf, wired } from '../terminal/services';
import type { CommandGate, ToolServices } from '../toolModule';
import { withTaskFiles, type FileAccess } from './access';
import { MAX_READ_BYTES, textOrRefusal } from './readFile';
import { replaceExact } from './replace';
import { applyUnifiedDiff } from './unifiedDiff';

type GatedWrite = { refusal: string } | { created: boolean; target: string };

/**
 * The gate analyses shell, so it is asked about `tee -- <path>`: the command that would make
 * the same write, which its rules for config files, ~/.ssh, /etc and the like recognise. When a
 * symlink redirects the write, the real target is named too.
 */
export async function gatedWrite(
  gate: CommandGate,
  files: FileAccess,
  path: string,
  data: Uint8Array,
  call: ToolContext,
): Promise<GatedWrite> {
  const target = await files.writeTarget(path);
  const named = target === path ? shQuote(path) : `${shQuote(path)} ${shQuote(target)}`;
  const refusal = await gateRefusal(gate, `tee -- ${named}`, call);
  if (refusal) return { refusal };
  return { ...(await files.write(target, data)), target };
}

export async function writeFileTool(
  services: ToolServices,
  args: ToolArgs,
  call: ToolContext,
): Promise<string> {
  const ready = wired(services, 'write_file');
  if (typeof ready === 'string') return ready;
  const content = stringArg(args, 'content') ?? '';
  try {
    return await withTaskFiles(ready.terminal, call.taskId, call.signal, async ({ files, resolve }) => {
      const path = resolve(stringArg(args, 'path') ?? '');
      const data = Buffer.from(content, 'utf8');
      const written = await gatedWrite(ready.gate, files, path, data, call);
      if ('refusal' in written) return written.refusal;
      return JSON.stringify({
        path,
        bytes_written: data.length,
        created: written.created,
        ...(written.target !== path ? { target: written.target } : {}),
      });
    });
  } catch (error) {
    return toolError(`write_file failed: ${messageOf(error)}`);
  }
}

export async function patchTool(services: ToolServices, args: ToolArgs, call: ToolContext): Promise<string> {
  const ready = wired(services, 'patch');
  if (typeof ready === 'string') return ready;
  try {
    return await withTaskFiles(ready.terminal, call.taskId, call.signal, async ({ files, resolve }) => {
      const path = resolve(stringArg(args, 'path') ?? '');
      const current = textOrRefusal(path, await files.read(path, MAX_READ_BYTES));
      if ('refusal' in current) return toolError(current.refusal);
      const edit = editOf(current.text, args, path);
      if ('error' in edit) return toolError(edit.error);
      // The edit is checked before the gate is asked: nobody approves a patch that cannot apply.
      const data = Buffer.from((current.bom ? '\ufeff' : '') + edit.text, 'utf8');
      const written = await gatedWrite(ready.gate, files, path, data, call);
      if ('refusal' in written) return written.refusal;
      return JSON.stringify({ path, ...edit.summary });
    });
  } catch (error) {
    return toolError(`patch failed: ${messageOf(error)}`);
  }
}

function editOf(text: string, args: ToolArgs, path: string) {
  if ((stringArg(args, 'mode') ?? 'replace') === 'diff') {
    const diff = stringArg(args, 'diff');
    if (!diff) return { error: 'mode "diff" needs diff: a unified diff against the file' };
    const applied = applyUnifiedDiff(text, diff, path);
    return 'error' in applied ? applied : { text: applied.text, summary: { hunks_applied: applied.hunks } };
  }
  const oldString = stringArg(args, 'old_string');
  const newString = stringArg(args, 'new_string');
  if (oldString === undefined || newString === undefined) {
    return { error: 'mode "replace" needs old_string and new_string' };
  }
  const replaced = replaceExact(text, oldString, newString, booleanArg(args, 'replace_all'), path);
  return 'error' in replaced
    ? replaced
    : { text: replaced.text, summary: { replacements: replaced.replacements } };
}
