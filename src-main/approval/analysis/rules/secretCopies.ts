/**
 * A credential store or private key copied out of its place: into the project (from where a
 * commit, a push or a build publishes it), into /tmp or any folder a server or another user may
 * read. `cp ~/.ssh/id_rsa ./public/`, `cat ~/.aws/credentials > creds.txt`. Copies kept beside
 * the original (`cp ~/.ssh/id_rsa ~/.ssh/id_rsa.bak`) stay quiet, as do the project's own keys.
 */
import type { Rule } from '../verdict';
import { resolvePath } from '../paths';
import { isSecretPath } from './secrets';
import { outsideFile } from './exfiltrationMore';
import type { CommandView, DetectorTable, HitSink } from './types';
import { optionValues, splitOptions } from './types';

export const secretCopyRules: Rule[] = [
  {
    key: 'secret-copy',
    category: 'exfiltration',
    description:
      'Copies a credential store or private key out of its place (into the project, /tmp or another shared folder), from where a commit, push or server sends it on',
  },
];

/** A secret of the user or the system, not one of the project's own files. */
function outsideSecret(cmd: CommandView, path: string): boolean {
  return isSecretPath(resolvePath(cmd.cwd, path)) && outsideFile(cmd, path);
}

/** Whether a copy of `source` written at `dest` leaves the secret's own place. */
function leaves(cmd: CommandView, dest: string): boolean {
  return !isSecretPath(resolvePath(cmd.cwd, dest));
}

/** `cp|mv|install|ditto|ln|rsync SRC… DEST`, `-t DEST SRC…`. */
function copy(cmd: CommandView, out: HitSink): void {
  const targets = optionValues(cmd.args, 't', ['target-directory']);
  const operands = splitOptions(cmd.args).operands.filter((o) => !targets.includes(o));
  const dest = targets[0] ?? (operands.length >= 2 ? operands[operands.length - 1] : undefined);
  if (dest === undefined || /^(?:[\w.-]+@)?[\w.-]+:/.test(dest)) return;
  const sources = targets.length > 0 ? operands : operands.slice(0, -1);
  const secret = sources.find((s) => outsideSecret(cmd, s.replace(/\/$/, '')));
  if (secret && leaves(cmd, dest)) out.hit('secret-copy', `${cmd.name} copies ${secret} to ${dest}`);
}

/** Readers whose stdout is the file they are given, whole or encoded. */
const READERS = new Set(['cat', 'base64', 'xxd', 'od', 'gzip', 'zstd', 'xz', 'bzip2', 'tac', 'head', 'tail']);

/** `cat ~/.aws/credentials > creds.txt`: a secret file written elsewhere through a redirect. */
export function secretRedirectCopy(view: CommandView | null, target: string, out: HitSink): void {
  if (!view || !READERS.has(view.name) || /^\/dev\//.test(target) || !leaves(view, target)) return;
  const secret = splitOptions(view.args).operands.find((o) => outsideSecret(view, o));
  if (secret) out.hit('secret-copy', `${view.name} ${secret} written to ${target}`);
}

export const secretCopyDetectors: DetectorTable = [[['cp', 'mv', 'install', 'ditto', 'ln', 'rsync'], copy]];
