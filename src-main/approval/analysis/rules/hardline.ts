/**
 * What never runs. A command is hardline when its damage is irreversible and reaches beyond the
 * project at machine scale: wiping or repartitioning disks and file systems, deleting or making
 * unusable `/`, a system directory or a home folder (recursive permission, ownership and
 * attribute changes of them included), crashing or rebooting the machine, and fork bombs.
 * Everything else that is dangerous asks. Deleting `/` (rm-root), mkfs and raw writes to disk
 * devices, kill -1 and power-off keep their own rules; this module holds the rest of the class.
 */
import type { Rule } from '../verdict';
import type { SyntaxNode } from '../parse';
import { protectedAt } from '../paths';
import { expandBraces } from '../words';
import type { CommandView, DetectorTable, HitSink } from './types';
import { hasFlag, optionValues, splitOptions } from './types';

export const hardlineRules: Rule[] = [
  {
    key: 'device-wipe',
    category: 'disk',
    hardline: true,
    description: 'Wipes or repartitions a disk device (wipefs, blkdiscard, sgdisk --zap-all, parted … rm)',
  },
  {
    key: 'permissions-root',
    category: 'permissions',
    hardline: true,
    description:
      'Changes permissions, ownership or attributes of /, a system directory or a home folder recursively',
  },
  {
    key: 'sysrq-trigger',
    category: 'services',
    hardline: true,
    description: 'Writes to /proc/sysrq-trigger, which can crash, reboot or power off the machine at once',
  },
  {
    key: 'move-protected',
    category: 'filesystem',
    hardline: true,
    description: 'Moves /, a system directory or a home folder away, which leaves the machine unusable',
  },
  {
    key: 'file-attributes',
    category: 'permissions',
    beyondCheckpoint: true,
    description: 'Changes file attributes such as immutable (chattr)',
  },
];

/** chmod, chown, chgrp, chattr, setfacl -R on a protected directory; any of them on one asks. */
function recursiveOnProtected(cmd: CommandView, out: HitSink): void {
  if (!hasFlag(cmd.args, 'R', ['recursive']))
    for (const target of splitOptions(cmd.args).operands) {
      const why = protectedAt(cmd.cwd, target);
      // `chmod 000 /` can be set back by root, unlike a recursive change: it asks (a home folder's own mode is the user's).
      if (why && !why.includes('home')) out.hit('system-config-write', `${cmd.name} on ${why}`);
    }
  const recursive =
    cmd.name === 'chattr' || cmd.name === 'setfacl'
      ? cmd.args.some((a) => /^-\w*R/.test(a))
      : hasFlag(cmd.args, 'R', ['recursive']);
  if (cmd.name === 'chattr' && cmd.args.some((a) => /^[-+=][a-zA-Z]+$/.test(a)))
    out.hit('file-attributes', `chattr ${cmd.args.join(' ')}`);
  if (!recursive) return;
  for (const target of splitOptions(cmd.args).operands) {
    const why = protectedAt(cmd.cwd, target);
    if (why) out.hit('permissions-root', `${cmd.name} -R on ${why}`);
  }
}

/** `mv /usr /usr.bak`, `mv ~ /tmp/old`: the sources of a move, with `-t DIR` naming the target apart. */
function moveProtected(cmd: CommandView, out: HitSink): void {
  const into = optionValues(cmd.args, 't', ['target-directory']);
  // `mv {/etc,/etc.bak}` is `mv /etc /etc.bak` once the shell expands the braces.
  const operands = splitOptions(cmd.args)
    .operands.filter((o) => !into.includes(o))
    .flatMap((o) => (o.includes('{') ? expandBraces(o) : [o]));
  const sources = into.length > 0 ? operands : operands.slice(0, -1);
  for (const s of sources) {
    const why = protectedAt(cmd.cwd, s);
    if (why) out.hit('move-protected', `mv ${s}: ${why}`);
  }
}

/** `rsync -a --delete empty/ ~/`: the destination is emptied to match the source. */
function rsyncDeleteInto(cmd: CommandView, out: HitSink): void {
  if (!cmd.args.some((a) => /^--(?:delete|del$|remove-source)/.test(a))) return;
  const operands = splitOptions(cmd.args).operands;
  const dest = operands.length > 1 ? operands[operands.length - 1] : undefined;
  const why = dest === undefined ? null : protectedAt(cmd.cwd, dest);
  if (why) out.hit('rm-root', `rsync --delete into ${why}`);
}

export const hardlineDetectors: DetectorTable = [
  [['chmod', 'chown', 'chgrp', 'chattr', 'setfacl'], recursiveOnProtected],
  [['mv'], moveProtected],
  [['rsync'], rsyncDeleteInto],
];

/** Commands whose presence in the foreground bounds a loop: each pass waits or sleeps. */
const PACING = new Set(['sleep', 'wait', 'read', 'timeout', 'usleep']);

function loopRunsForever(node: SyntaxNode, src: string): boolean {
  if (node.type === 'c_style_for_statement') {
    const inner = node.children.filter((c) => c.type !== 'do_group');
    const text = inner.map((c) => src.slice(c.start, c.end)).join('');
    return /^for\(\(;\s*(?:1\s*)?;/.test(text.replace(/\s+/g, ''));
  }
  const keyword = node.children[0]?.type;
  const cond = node.children
    .slice(
      1,
      node.children.findIndex((c) => c.type === 'do_group'),
    )
    .map((c) => src.slice(c.start, c.end))
    .join('');
  let end = cond.length;
  while (end > 0 && /[;\s]/.test(cond.charAt(end - 1))) end--;
  const test = cond.slice(0, end).trim();
  if (keyword === 'until') return test === 'false';
  return /^(?:true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\)|\/bin\/true)$/.test(test);
}

/**
 * `while true; do bash & done`: an endless loop that starts a background process each pass
 * without waiting, whatever the loop or the process is called, floods the process table.
 */
export function loopForkBomb(node: SyntaxNode, src: string): boolean {
  if (!loopRunsForever(node, src)) return false;
  const body = node.children.find((c) => c.type === 'do_group');
  if (!body) return false;
  const items = body.children.filter((c) => c.type !== 'do' && c.type !== 'done' && c.type !== ';');
  let background = false;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!item || item.type === '&') continue;
    // `(bash &)` and `{ bash & }` background inside a group and return at once just the same.
    const grouped =
      (item.type === 'subshell' || item.type === 'compound_statement') &&
      item.children.some((c) => c.type === '&');
    if (items[i + 1]?.type === '&' || grouped) background = true;
    else {
      const first = /^\s*(?:\S*\/)?([\w.-]+)/.exec(src.slice(item.start, item.end))?.[1] ?? '';
      if (
        PACING.has(first) ||
        item.type === 'break' ||
        /\b(?:break|exit|return)\b/.test(src.slice(item.start, item.end))
      )
        return false;
    }
  }
  return background;
}
