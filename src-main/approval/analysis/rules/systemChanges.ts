/**
 * More privilege and system changes: file capabilities granted, packages installed from a
 * file (their scripts run as root), system logs and the audit trail erased, network interfaces
 * and routes taken down.
 */
import type { Rule } from '../verdict';
import { canonicalPath, resolvePath } from '../paths';
import type { CommandView, DetectorTable, HitSink } from './types';
import { commandText, hasFlag, splitOptions } from './types';

export const systemChangeRules: Rule[] = [
  {
    key: 'capability-grant',
    category: 'privilege',
    description: 'Grants a program root powers through file capabilities (setcap)',
  },
  {
    key: 'local-package-install',
    category: 'privilege',
    description: 'Installs a system package from a file, whose install scripts run as root',
  },
  {
    key: 'log-wipe',
    category: 'privilege',
    description: 'Erases system logs or the audit trail',
  },
  {
    key: 'network-down',
    category: 'privilege',
    description: 'Takes a network interface, address or route down',
  },
];

/** System logs, login records and the audit trail. */
const SYSTEM_LOG = /^\/var\/(?:log|audit)(?:\/|$)|^\/var\/run\/utmp$|^\/run\/utmp$/;

export function isSystemLog(raw: string): boolean {
  return SYSTEM_LOG.test(canonicalPath(raw));
}

function setcap(cmd: CommandView, out: HitSink): void {
  if (hasFlag(cmd.args, 'rv', [])) return;
  if (splitOptions(cmd.args).operands.some((a) => /[+=]\w*[ep]/.test(a)))
    out.hit('capability-grant', commandText(cmd));
}

const PACKAGE_FILE = /\.(?:deb|rpm|pkg|apk|pkg\.tar\.(?:zst|xz|gz))$/;

function packageFromFile(cmd: CommandView, out: HitSink): void {
  const ops = splitOptions(cmd.args).operands;
  const file = ops.some((o) => PACKAGE_FILE.test(o));
  const installs =
    (cmd.name === 'dpkg' &&
      cmd.args.some((a) => /^-\w*i/.test(a) || a === '--install' || a === '--unpack')) ||
    (cmd.name === 'rpm' &&
      cmd.args.some((a) => /^-[iU]/.test(a) || a === '--install' || a === '--upgrade')) ||
    (cmd.name === 'installer' && cmd.args.includes('-pkg')) ||
    (cmd.name === 'pacman' && cmd.args.some((a) => /^-U/.test(a))) ||
    (['apt', 'apt-get', 'dnf', 'yum', 'zypper', 'apk'].includes(cmd.name) &&
      /^(?:install|localinstall|reinstall|add|in)$/.test(ops[0] ?? '') &&
      file) ||
    (cmd.name === 'snap' && ops[0] === 'install' && hasFlag(cmd.args, '', ['dangerous', 'devmode']));
  if (installs) out.hit('local-package-install', commandText(cmd));
}

function journal(cmd: CommandView, out: HitSink): void {
  if (cmd.args.some((a) => /^--vacuum-(?:time|size|files)/.test(a))) out.hit('log-wipe', commandText(cmd));
}

function auditctl(cmd: CommandView, out: HitSink): void {
  const off = cmd.args.some((a, i) => a === '-D' || (a === '-e' && cmd.args[i + 1] === '0'));
  if (off) out.hit('log-wipe', commandText(cmd));
}

/** rm, unlink, truncate and shred of a system log. */
function logDelete(cmd: CommandView, out: HitSink): void {
  // A loop, not find with an arrow: that made a closure for each of thousands of deletes.
  for (const o of splitOptions(cmd.args).operands) {
    if (isSystemLog(resolvePath(cmd.cwd, o))) {
      out.hit('log-wipe', `${cmd.name} ${o}`);
      return;
    }
  }
}

function ip(cmd: CommandView, out: HitSink): void {
  const ops = splitOptions(cmd.args).operands;
  const [object = '', verb = ''] = ops;
  const down =
    (/^l(?:ink)?$/.test(object) && verb === 'set' && ops.includes('down')) ||
    (/^(?:a(?:ddr(?:ess)?)?|r(?:o(?:ute)?)?)$/.test(object) && /^(?:del(?:ete)?|flush)$/.test(verb));
  if (down) out.hit('network-down', commandText(cmd));
}

function ifaceDown(cmd: CommandView, out: HitSink): void {
  const ops = splitOptions(cmd.args).operands;
  const down =
    cmd.name === 'ifdown' ||
    (cmd.name === 'ifconfig' && ops.includes('down')) ||
    (cmd.name === 'nmcli' &&
      ((ops[0] === 'networking' && ops[1] === 'off') ||
        (ops[0] === 'radio' && ops.includes('off')) ||
        (/^c(?:on(?:nection)?)?$/.test(ops[0] ?? '') && /^(?:down|delete)$/.test(ops[1] ?? '')) ||
        (/^d(?:ev(?:ice)?)?$/.test(ops[0] ?? '') && /^(?:disconnect|delete)$/.test(ops[1] ?? ''))));
  if (down) out.hit('network-down', commandText(cmd));
}

export const systemChangeDetectors: DetectorTable = [
  [['setcap'], setcap],
  [
    ['dpkg', 'rpm', 'installer', 'pacman', 'apt', 'apt-get', 'dnf', 'yum', 'zypper', 'apk', 'snap'],
    packageFromFile,
  ],
  [['journalctl'], journal],
  [['auditctl'], auditctl],
  [['rm', 'unlink', 'truncate', 'shred'], logDelete],
  [['ip'], ip],
  [['ifdown', 'ifconfig', 'nmcli'], ifaceDown],
];
