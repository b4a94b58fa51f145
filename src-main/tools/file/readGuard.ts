/**
 * The read policy as the in-process readers apply it. A read of a listed path (credentials,
 * keys, histories, `sandbox.deny_read`) asks the approval gate as `cat` of that file, with its
 * own finding, so a person is asked every time and `--approvals deny` refuses; search results
 * from listed files are withheld.
 */
import { homedir } from 'node:os';
import { SECRET_READ } from '../../approval/analysis';
import { toolError } from '../../runtime/errors';
import { toolRefused } from '../../runtime/outcome';
import { decide } from '../../sandbox/execPolicy';
import type { ToolContext, ToolOutcome } from '../../runtime/types';
import { ReadPolicy, type DeniedRead, type ReadJudge } from '../../sandbox/readPolicy';
import { shQuote } from '../../../src-shared/shellQuote';
import type { ReadOutcome } from './accessTypes';
import { openPinned, readPinned } from './pinnedRead';
import { envOf, type ToolServices } from '../toolModule';

export function readPolicyOf(services: ToolServices): ReadPolicy {
  return (
    services.readPolicy ??
    new ReadPolicy(() => ({ home: envOf(services).HOME || homedir(), caduceusHome: services.home }))
  );
}

/** Undefined when `path` may be read; else the gate's refusal (or why nobody could be asked). */
export async function askToRead(
  services: ToolServices,
  call: ToolContext,
  path: string,
  judge?: ReadJudge,
): Promise<{ refusal: ToolOutcome } | { allowed: DeniedRead | undefined }> {
  const policy = readPolicyOf(services);
  const denied = await (judge ?? (await policy.judge()))(path);
  if (!denied) return { allowed: undefined };
  const gate = services.commandGate;
  if (!gate)
    return { refusal: toolError(`${denied.shown} holds secrets, and no approval gate is configured to ask`) };
  const named = denied.real === path ? shQuote(path) : `${shQuote(path)} ${shQuote(denied.real)}`;
  const decided = await decide(gate, { kind: 'file-read', words: `cat -- ${named}` }, call, {
    extraKeys: [SECRET_READ],
    extraDetail: `let the model read ${denied.shown}${denied.real === path ? '' : ` (${policy.shown(denied.real)})`}?`,
  });
  return decided.allowed ? { allowed: denied } : { refusal: toolRefused(decided.refusal) };
}

/**
 * A read of this machine's file under the read policy: a listed path asks first; then the file
 * actually opened is judged too, so a link swapped meanwhile cannot hand over another one, and
 * it is read through what was opened.
 */
export async function guardedLocalRead(
  services: ToolServices,
  call: ToolContext,
  path: string,
  maxBytes: number,
): Promise<ReadOutcome | { refusal: ToolOutcome }> {
  const asked = await askToRead(services, call, path);
  if ('refusal' in asked) return asked;
  const opened = await openPinned(path);
  if ('kind' in opened) return opened;
  try {
    const pinned = await readPolicyOf(services).denied(opened.real);
    if (pinned && pinned.entry !== asked.allowed?.entry) {
      const again = await askToRead(services, call, opened.real);
      if ('refusal' in again) return again;
    }
    return await readPinned(opened.handle, maxBytes);
  } finally {
    await opened.handle.close();
  }
}
