/** The `write_file` and `patch` tools: every write first passes the approval gate as the equivalent shell command. */
import { CADUCEUS_HOME_WRITE, RUNS_CODE_LATER_WRITE, WRITE_OUTSIDE_WORKSPACE } from '../../approval/analysis';
import { toolError } from '../../runtime/errors';
import type { ExecDecision } from '../../runtime/execDecision';
import { toolOk, toolRefused } from '../../runtime/outcome';
import { runExec } from '../../sandbox/execPolicy';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { shQuote } from '../../../src-shared/shellQuote';
import { messageOf, wired } from '../terminal/wiring';
import type { CommandGate, ToolServices } from '../toolModule';
import { withTaskFiles, type TaskFiles } from './access';
import { guardedRead, textOrRefusal } from './readFile';
import { replaceExact } from './replace';
import type { PatchArgs, WriteFileArgs } from './schemas';
import { applyUnifiedDiff } from './unifiedDiff';
import { beforeOf, fileDiffOf, MAX_DIFFED_BYTES, type Before } from './fileDiff';
import { readPolicyOf } from './readGuard';
import { fileDiffSummary } from '../../../src-shared/diffText';
import type { FileDiff } from '../../../src-shared/fileDiff';
import { runsCodeLater } from '../../workspace/runsCodeLater';
import type { WritePlace } from '../../workspace/workspaces';

type GatedWrite =
  { refusal: ToolOutcome } | { created: boolean; target: string; decision: ExecDecision; fileDiff: FileDiff };

/** The file as it is before the write, read at the write's real target. */
export type BeforeOf = (target: string) => Promise<Before>;

/** Where a write lands relative to the task's write roots; absent when the backend confines writes itself. */
export type PlaceOf = (target: string) => Promise<WritePlace>;

/** As the analysis's workspace: no absolute path lies outside it. */
const EVERY_PATH_INSIDE = '/';

const PLACE_KEYS: Record<WritePlace, string[]> = {
  inside: [],
  outside: [WRITE_OUTSIDE_WORKSPACE],
  'caduceus-home': [CADUCEUS_HOME_WRITE],
};

/**
 * The gate analyses shell, so it is asked about `tee -- <path>`: the command that would make
 * the same write, which its rules for config files, ~/.ssh, /etc and the like recognise. When a
 * symlink redirects the write, the real target is named too. A write outside the task's write
 * roots, into $CADUCEUS_HOME, or to a file that runs code later (a git hook, .envrc) adds its
 * own finding, so it is asked about even when the path looks harmless. The question shows the
 * diff the write would make, and the ledger records it as a write to the target.
 */
export async function gatedWrite(
  gate: CommandGate,
  task: TaskFiles,
  path: string,
  data: Uint8Array,
  call: ToolContext,
  before: BeforeOf,
  placeOf?: PlaceOf,
): Promise<GatedWrite> {
  const { files } = task;
  const target = await files.writeTarget(path);
  const named = target === path ? shQuote(path) : `${shQuote(path)} ${shQuote(target)}`;
  const place = placeOf ? await placeOf(target) : undefined;
  const fileDiff = fileDiffOf(
    target,
    await before(target),
    Buffer.from(data)
      .toString('utf8')
      .replace(/^\ufeff/, ''),
  );
  const extraKeys = [
    ...(place ? PLACE_KEYS[place] : []),
    // On every backend: a container's workspace is usually the person's folder, mounted.
    ...(runsCodeLater(path) || runsCodeLater(target) ? [RUNS_CODE_LATER_WRITE] : []),
  ];
  const run = await runExec(
    { gate },
    {
      effect: { kind: 'file-write', words: `tee -- ${named}` },
      check: {
        // The place was judged here, after links, against every write root; the analysis, which
        // knows one workspace and no links, would contradict it for writable roots and linked paths.
        ...(place ? { workspace: EVERY_PATH_INSIDE } : {}),
        ...(extraKeys.length ? { extraKeys } : {}),
        writesTo: target,
        detail: fileDiff.diff || fileDiffSummary(fileDiff),
      },
      call,
      // Locally the write goes through the folders opened beneath the root (sandbox/confinedFs.ts);
      // elsewhere the backend's own machine holds it.
      fence: task.backendKind === 'local' ? 'confined' : 'backend',
      attempt: async () => ({ result: await files.write(target, data) }),
    },
  );
  if (!('result' in run)) return { refusal: toolRefused(run.decision.refusal) };
  return { ...run.result, target, decision: run.decision, fileDiff };
}

export async function writeFileTool(
  services: ToolServices,
  args: WriteFileArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const ready = wired(services, 'write_file');
  if (!('gate' in ready)) return ready;
  const { content } = args;
  try {
    return await withTaskFiles(ready.terminal, call.taskId, call.signal, async (task) => {
      const path = task.resolve(args.path);
      const data = Buffer.from(content, 'utf8');
      const before = (target: string) => shownBefore(services, task, target);
      const written = await gatedWrite(
        ready.gate,
        task,
        path,
        data,
        call,
        before,
        placeFor(services, task, call),
      );
      if ('refusal' in written) return written.refusal;
      return toolOk(
        {
          path,
          bytes_written: data.length,
          created: written.created,
          ...(written.target !== path ? { target: written.target } : {}),
        },
        { decision: written.decision, fileDiff: written.fileDiff },
      );
    });
  } catch (error) {
    return toolError(`write_file failed: ${messageOf(error)}`);
  }
}

export async function patchTool(
  services: ToolServices,
  args: PatchArgs,
  call: ToolContext,
): Promise<ToolOutcome> {
  const ready = wired(services, 'patch');
  if (!('gate' in ready)) return ready;
  try {
    return await withTaskFiles(ready.terminal, call.taskId, call.signal, async (task) => {
      const path = task.resolve(args.path);
      // What patch reports (found, not found, how often) would tell a secret's content too.
      const read = await guardedRead(services, task, call, path);
      if ('refusal' in read) return read.refusal;
      const current = textOrRefusal(path, read);
      if ('refusal' in current) return toolError(current.refusal);
      const edit = editOf(current.text, args, path);
      if ('error' in edit) return toolError(edit.error);
      // The edit is checked before the gate is asked: nobody approves a patch that cannot apply.
      const data = Buffer.from((current.bom ? '\ufeff' : '') + edit.text, 'utf8');
      const before = async (): Promise<Before> => ({ kind: 'text', text: current.text });
      const written = await gatedWrite(
        ready.gate,
        task,
        path,
        data,
        call,
        before,
        placeFor(services, task, call),
      );
      if ('refusal' in written) return written.refusal;
      return toolOk({ path, ...edit.summary }, { decision: written.decision, fileDiff: written.fileDiff });
    });
  } catch (error) {
    return toolError(`patch failed: ${messageOf(error)}`);
  }
}

/**
 * What write_file replaces, for its diff. A listed file (credentials, keys) is not read: its old
 * content would otherwise be kept in the session and shown, though nobody allowed reading it.
 */
async function shownBefore(services: ToolServices, task: TaskFiles, target: string): Promise<Before> {
  if (task.backendKind === 'local' && (await readPolicyOf(services).denied(target)))
    return { kind: 'protected' };
  try {
    return beforeOf(await task.files.read(target, MAX_DIFFED_BYTES));
  } catch {
    return { kind: 'unreadable' };
  }
}

/** Local writes happen in this process, outside any OS sandbox, so the write roots are checked here. */
function placeFor(services: ToolServices, task: TaskFiles, call: ToolContext): PlaceOf | undefined {
  const workspaces = services.workspaces;
  if (!workspaces || task.backendKind !== 'local') return undefined;
  return (target) => workspaces.placeOf(call.taskId, target);
}

function editOf(text: string, args: PatchArgs, path: string) {
  if (args.mode === 'diff') {
    const { diff } = args;
    if (!diff) return { error: 'mode "diff" needs diff: a unified diff against the file' };
    const applied = applyUnifiedDiff(text, diff, path);
    return 'error' in applied ? applied : { text: applied.text, summary: { hunks_applied: applied.hunks } };
  }
  const { old_string: oldString, new_string: newString } = args;
  if (oldString === undefined || newString === undefined) {
    return { error: 'mode "replace" needs old_string and new_string' };
  }
  const replaced = replaceExact(text, oldString, newString, args.replace_all === true, path);
  return 'error' in replaced
    ? replaced
    : { text: replaced.text, summary: { replacements: replaced.replacements } };
}
