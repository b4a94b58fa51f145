/**
 * A credential store or private key copied out of its place: into the project (from where a
 * commit, a push or a build publishes it), into /tmp or any folder a server or another user may
 * read. `cp ~/.ssh/id_rsa ./public/`, `cat ~/.aws/credentials > creds.txt`. Copies kept beside
 * the original (`cp ~/.ssh/id_rsa ~/.ssh/id_rsa.bak`) stay quiet, as do the project's own keys.
 */
import type { Rule } from '../verdict';
import { resolvePath } from '../paths';
import { isDynamic } from '../words';
import { credentialOutputOf, dumpsEnvironment, dumpsEnvironmentText, isSecretPath } from './secrets';
import { FILE_READERS, outsideFile } from './exfiltrationMore';
import type { CommandView, DetectorTable, HitSink } from './types';
import { ddOperand, optionValues, splitOptions } from './types';
import { archiveTarget, createsArchive } from './archives';

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

/** Whether `dest` lies outside every credential store: a copy written there leaves the secret's place. */
function leaves(cwd: string | null | undefined, dest: string): boolean {
  return !isSecretPath(resolvePath(cwd, dest));
}

/** `cp|mv|install|ditto|ln|rsync SRC… DEST`, `-t DEST SRC…`. */
function copy(cmd: CommandView, out: HitSink): void {
  const targets = optionValues(cmd.args, 't', ['target-directory']);
  const operands = splitOptions(cmd.args).operands.filter((o) => !targets.includes(o));
  const dest = targets[0] ?? (operands.length >= 2 ? operands[operands.length - 1] : undefined);
  if (dest === undefined || /^(?:[\w.-]+@)?[\w.-]+:/.test(dest)) return;
  const sources = targets.length > 0 ? operands : operands.slice(0, -1);
  const secret = sources.find((s) => outsideSecret(cmd, s.replace(/\/$/, '')));
  if (secret && leaves(cmd.cwd, dest)) out.hit('secret-copy', `${cmd.name} copies ${secret} to ${dest}`);
}

/** Terraform's outputs are mostly addresses and names: a file of them is an everyday step. */
const EVERYDAY_OUTPUTS = new Set(['terraform', 'tofu']);

/**
 * `cat ~/.aws/credentials > creds.txt`, `gh auth token > .token`: a secret file, or a credential
 * a command prints, written elsewhere through a redirect.
 */
export function secretRedirectCopy(
  view: CommandView | null,
  /** The redirected command's text: bare `env` and `export -p` have no view, only their text. */
  stated: string,
  target: string,
  out: HitSink,
): void {
  if (!landsInFile(view?.cwd, target)) return;
  const secret = view ? printedSecret(view) : dumpsEnvironmentText(stated) ? 'the environment' : null;
  if (secret) out.hit('secret-copy', `${view?.name ?? stated.trim()} puts ${secret} in ${target}`);
}

/** Whether writing `target` leaves a file behind outside the stores (`/dev/shm` is a shared folder). */
function landsInFile(cwd: string | null | undefined, target: string): boolean {
  return !/^\/dev\/(?!shm\/)/.test(target) && leaves(cwd, target);
}

/** The user's or system's secret file `view` prints on stdout (`cat ~/.ssh/id_rsa`), or undefined. */
export function printedSecretFile(view: CommandView): string | undefined {
  if (!FILE_READERS.has(view.name)) return undefined;
  return splitOptions(view.args).operands.find((o) => outsideSecret(view, o));
}

/** The secret file or credential `view` prints on stdout, or null. */
export function printedSecret(view: CommandView): string | null {
  if (EVERYDAY_OUTPUTS.has(view.name)) return null;
  const file = printedSecretFile(view);
  if (file) return file;
  return dumpsEnvironment(view.name, view.args)
    ? 'the environment'
    : credentialOutputOf(view.name, view.args);
}

/** `cat ~/.ssh/id_rsa | tee key.txt`: a secret printed upstream, written to files by tee. */
export function teeCopy(secret: string, tee: CommandView, out: HitSink): void {
  // A process substitution (`tee >(wc -c)`) is a pipe, not a file.
  const file = splitOptions(tee.args).operands.find((t) => !isDynamic(t) && landsInFile(tee.cwd, t));
  if (file) out.hit('secret-copy', `tee puts ${secret} in ${file}`);
}

/** `dd if=~/.ssh/id_rsa of=key.bin`. */
function dd(cmd: CommandView, out: HitSink): void {
  const value = (key: string) => ddOperand(cmd.args, key);
  const from = value('if');
  const to = value('of');
  if (from !== undefined && to !== undefined && outsideSecret(cmd, from) && landsInFile(cmd.cwd, to))
    out.hit('secret-copy', `dd copies ${from} to ${to}`);
}

/** `tar czf creds.tgz ~/.aws`, `zip -r keys.zip ~/.ssh`: an archive holding a secret, written here. */
function archive(cmd: CommandView, out: HitSink): void {
  if (!createsArchive(cmd.name, cmd.args)) return;
  // On stdout (`tar cz ~/.ssh | nc …`) it goes wherever the pipe leads: judged as exfiltration.
  const { file, inputs } = archiveTarget(cmd.name, cmd.args);
  if (file === undefined || file === '-' || !leaves(cmd.cwd, file)) return;
  const secret = inputs.find((o) => outsideSecret(cmd, o.replace(/\/$/, '')));
  if (secret) out.hit('secret-copy', `${cmd.name} archives ${secret} into ${file}`);
}

export const secretCopyDetectors: DetectorTable = [
  [['cp', 'mv', 'install', 'ditto', 'ln', 'rsync'], copy],
  [['tar', 'bsdtar', 'zip', '7z'], archive],
  [['dd'], dd],
];
