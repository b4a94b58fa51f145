/**
 * `find ~ -name '*.pem' -exec cp {} ./certs/ \;`: files picked at run time by names that private
 * keys and credential stores have, outside the project, each handed to a copy or a sender. No
 * path in the command is a secret; the names it searches for are.
 */
import { outsideFile } from './exfiltrationMore';
import type { CommandView, DetectorTable, HitSink } from './types';

/** Names that private keys, keystores and credential files carry. */
const SECRET_NAMES =
  /\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk|gpg|asc)\b|\bid_(?:rsa|dsa|ecdsa|ed25519|\*)|\.(?:ssh|gnupg|aws|kube)\/|credentials|\.netrc|\.pgpass|\.env\b|\.npmrc|\.pypirc|\.git-credentials|kubeconfig|\bsecrets?\b|\btokens?\b|wallet/i;
/** Tests whose value is a name or path pattern. */
const NAME_TESTS = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
]);
const ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** What an action that copies or sends each file runs. */
const TAKERS = new Set([
  'cp',
  'mv',
  'install',
  'rsync',
  'ln',
  'tar',
  'zip',
  'scp',
  'sftp',
  'curl',
  'wget',
  'nc',
  'ncat',
  'socat',
]);

function secretSearch(cmd: CommandView, out: HitSink): void {
  const start = cmd.args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!');
  const roots = start === -1 ? cmd.args : cmd.args.slice(0, start);
  const root = roots.find((r) => outsideFile(cmd, r));
  if (root === undefined) return;
  const pattern = cmd.args.find(
    (a, i) => i > 0 && NAME_TESTS.has(cmd.args[i - 1] ?? '') && SECRET_NAMES.test(a),
  );
  if (pattern === undefined) return;
  const taker = cmd.args.find(
    (a, i) => i > 0 && ACTIONS.has(cmd.args[i - 1] ?? '') && TAKERS.has(a.replace(/^.*\//, '')),
  );
  if (taker !== undefined)
    out.hit('secret-copy', `find picks files named ${pattern} under ${root} and hands each to ${taker}`);
}

export const secretSearchDetectors: DetectorTable = [[['find'], secretSearch]];
