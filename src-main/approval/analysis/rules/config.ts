/** Writes to system and credential configuration: /etc, sudoers, ~/.ssh, shell rc files, tokens. */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { hasFlag, optionValues, splitOptions } from './types';
import { writeTarget } from './disk';
import { persistenceWriteKey } from './persistence';
import { configWriteKey } from '../paths';

export const configRules: Rule[] = [
  {
    key: 'system-config-write',
    category: 'config',
    description: 'Changes system configuration (/etc, /usr, /boot, users, kernel settings, firewall)',
  },
  { key: 'sudoers-write', category: 'config', description: 'Changes who may use sudo (sudoers)' },
  { key: 'ssh-config-write', category: 'config', description: 'Changes SSH keys or config (~/.ssh)' },
  {
    key: 'shell-rc-write',
    category: 'config',
    description: 'Changes a shell start-up file (.bashrc, .zshrc, .profile, …)',
  },
  {
    key: 'credential-write',
    category: 'config',
    description: 'Changes a credentials file (.netrc, .npmrc, ~/.aws, …)',
  },
  { key: 'caduceus-config-write', category: 'config', description: "Changes Caduceus's own config.yaml" },
  { key: 'crontab-edit', category: 'config', description: 'Replaces or removes scheduled jobs (crontab)' },
];

function operandsOf(cmd: CommandView): readonly string[] {
  return splitOptions(cmd.args).operands;
}

function tee(cmd: CommandView, out: HitSink): void {
  for (const t of operandsOf(cmd)) writeTarget(t, out);
}

/** cp, mv, install, ln, rsync: the destination is written; mv also removes its sources. */
function copyLike(cmd: CommandView, out: HitSink): void {
  const targets = optionValues(cmd.args, 't', ['target-directory']);
  const operands = operandsOf(cmd).filter((o) => !targets.includes(o));
  if (targets.length > 0) targets.forEach((t) => writeTarget(t, out));
  else if (operands.length >= 2 || (cmd.name === 'install' && hasFlag(cmd.args, 'd', ['directory'])))
    writeTarget(operands[operands.length - 1] ?? '', out);
  // Into a folder (`cp x.pth site-packages/`): each source lands there under its own name.
  const dirs =
    targets.length > 0
      ? targets
      : operands.length >= 2
        ? operands.slice(-1).filter((d) => d.endsWith('/'))
        : [];
  const sources = targets.length > 0 ? operands : operands.slice(0, -1);
  for (const dir of dirs)
    for (const s of sources) {
      const into = `${dir.replace(/\/$/, '')}/${s.slice(s.lastIndexOf('/') + 1)}`;
      const key = persistenceWriteKey(into);
      if (key && key !== persistenceWriteKey(dir)) out.hit(key, `writes ${into}`);
    }
  if (cmd.name === 'mv') operands.slice(0, -1).forEach((s) => writeTarget(s, out, 'moves'));
}

/**
 * sed -i, perl -i, ruby -i: the files rewritten in place, and the script when it is given on the
 * command line (the first operand, or `-e`'s value); null when nothing is edited in place.
 */
export function inPlaceEdit(cmd: CommandView): { script: string | undefined; files: string[] } | null {
  const { options, operands } = splitOptions(cmd.args);
  if (!hasFlag(options, 'i', ['in-place'])) return null;
  if (!hasFlag(options, 'ef', ['expression', 'file']))
    return { script: operands[0], files: operands.slice(1) };
  const expressions = optionValues(cmd.args, 'e', ['expression']);
  return { script: expressions[0], files: operands.filter((o) => !expressions.includes(o)) };
}

function inPlace(cmd: CommandView, out: HitSink): void {
  for (const f of inPlaceEdit(cmd)?.files ?? []) writeTarget(f, out, 'edits');
}

function truncate(cmd: CommandView, out: HitSink): void {
  const sizeValues = optionValues(cmd.args, 's', ['size']);
  for (const f of operandsOf(cmd)) if (!sizeValues.includes(f)) writeTarget(f, out, 'truncates');
}

function downloader(cmd: CommandView, out: HitSink): void {
  const outputs =
    cmd.name === 'wget'
      ? optionValues(cmd.args, 'O', ['output-document'])
      : optionValues(cmd.args, 'o', ['output']);
  for (const o of outputs) if (o !== '-') writeTarget(o, out);
}

function editor(cmd: CommandView, out: HitSink): void {
  for (const f of operandsOf(cmd)) writeTarget(f, out, 'edits');
}

function sudoers(_cmd: CommandView, out: HitSink): void {
  out.hit('sudoers-write', 'visudo');
}

function accounts(cmd: CommandView, out: HitSink): void {
  out.hit('system-config-write', `${cmd.name} changes user accounts`);
}

function sysctl(cmd: CommandView, out: HitSink): void {
  if (
    hasFlag(cmd.args, 'wp', ['write', 'load', 'system']) ||
    cmd.args.some((a) => !a.startsWith('-') && a.includes('='))
  )
    out.hit('system-config-write', `sysctl ${cmd.args.join(' ')}`);
}

/** chmod/chown/ACLs of system files change the system as much as writing them. */
function permissionsOfSystemFiles(cmd: CommandView, out: HitSink): void {
  for (const f of operandsOf(cmd)) {
    const key = configWriteKey(f);
    if (key === 'system-config-write' || key === 'sudoers-write') out.hit(key, `${cmd.name} ${f}`);
  }
}

function crontab(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  if (hasFlag(options, 'l', ['list']) && !hasFlag(options, 're', [])) return;
  if (hasFlag(options, 're', []) || operands.length > 0 || cmd.stdin !== null)
    out.hit('crontab-edit', `crontab ${cmd.args.join(' ')}`);
}

/** Modes of ssh-keygen that only read the key `-f` names. */
const KEYGEN_READS = /^-[a-zA-Z]*[lyeiFBLDQ]/;

/** find's actions that write their list into a file: `-fprint FILE`, `-fprintf FILE FORMAT`. */
const FIND_WRITES = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);

/**
 * Files named by an output option: `ssh-keygen -f ~/.ssh/id_ed25519` replaces a key, `openssl …
 * -out`, `sort -o`, `gpg -o` and `find -fprintf` write where they are told, like a redirect.
 */
function optionOutput(cmd: CommandView, out: HitSink): void {
  let targets: string[];
  if (cmd.name === 'ssh-keygen')
    targets = cmd.args.some((a) => KEYGEN_READS.test(a)) ? [] : optionValues(cmd.args, 'f', []);
  else if (cmd.name === 'openssl')
    targets = cmd.args.flatMap((a, i) => (a === '-out' || a === '-keyout' ? [cmd.args[i + 1] ?? ''] : []));
  else if (cmd.name === 'find')
    targets = cmd.args.flatMap((a, i) => (FIND_WRITES.has(a) ? [cmd.args[i + 1] ?? ''] : []));
  else if (cmd.name === 'sort') targets = optionValues(cmd.args, 'o', ['output']);
  else targets = optionValues(cmd.args, 'o', ['output']);
  for (const t of targets.filter((x) => x !== '' && x !== '-')) {
    const key = configWriteKey(t);
    if (key) out.hit(key, `${cmd.name} writes ${t}`);
    writeTarget(t, out);
  }
}

/** `ssh-copy-id [-i key] [user@]host`: a key added to that account's authorized_keys, this machine's too. */
function sshCopyId(cmd: CommandView, out: HitSink): void {
  const host = splitOptions(cmd.args.filter((a, i) => !/^-[ipoFJ]$/.test(cmd.args[i - 1] ?? ''))).operands[0];
  if (host) out.hit('ssh-config-write', `ssh-copy-id adds a key to the authorized_keys of ${host}`);
}

export const configDetectors: DetectorTable = [
  [['ssh-copy-id'], sshCopyId],
  [['tee'], tee],
  [['cp', 'mv', 'install', 'ln', 'rsync', 'ditto'], copyLike],
  [['sed', 'perl', 'ruby'], inPlace],
  [['truncate'], truncate],
  [['curl', 'wget'], downloader],
  [['sudoedit', 'vi', 'vim', 'nvim', 'nano', 'emacs', 'ed', 'ex', 'pico', 'micro', 'joe'], editor],
  [['visudo'], sudoers],
  [
    [
      'useradd',
      'userdel',
      'usermod',
      'adduser',
      'deluser',
      'groupadd',
      'groupdel',
      'passwd',
      'chpasswd',
      'vipw',
      'vigr',
      'gpasswd',
      'chsh',
      'chage',
      'newusers',
      'sysadminctl',
    ],
    accounts,
  ],
  [['ssh-keygen', 'openssl', 'sort', 'gpg', 'gpg2', 'find'], optionOutput],
  [['crontab'], crontab],
  [['sysctl'], sysctl],
  [['chmod', 'chown', 'chgrp', 'chattr', 'setfacl'], permissionsOfSystemFiles],
];
