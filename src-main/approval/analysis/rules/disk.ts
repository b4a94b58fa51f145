/** Disks and file systems: mkfs, dd and other writes to devices, wiping and partitioning. */
import type { Rule } from '../verdict';
import { canonicalPath, configWriteKey, deviceKind, protectedAt } from '../paths';
import { persistenceWriteKey } from './persistence';
import { isDynamic } from '../words';
import { isHistoryFile } from './files';
import type { CommandView, DetectorTable, HitSink } from './types';
import { hasFlag, splitOptions } from './types';
import { lastSegmentGlob } from './filesystem';

export const diskRules: Rule[] = [
  { key: 'mkfs-device', category: 'disk', hardline: true, description: 'Formats a disk device' },
  { key: 'mkfs', category: 'disk', description: 'Creates a file system' },
  {
    key: 'block-device-write',
    category: 'disk',
    hardline: true,
    description: 'Writes straight to a disk device',
  },
  { key: 'device-write', category: 'disk', description: 'Writes to a device file' },
  { key: 'disk-wipe', category: 'disk', description: 'Wipes or erases a disk or its signatures' },
  { key: 'shred', category: 'disk', description: 'Overwrites files so they cannot be recovered (shred)' },
  { key: 'disk-partition', category: 'disk', description: 'Changes a partition table' },
  {
    key: 'filesystem-repair',
    category: 'disk',
    description: 'Repairs, resizes or retunes a file system in place (fsck, tune2fs, resize2fs)',
  },
  {
    key: 'firmware-write',
    category: 'disk',
    hardline: true,
    description: "Rewrites or erases the machine's own firmware (flashrom -p internal)",
  },
];

/** Reports what writing to `target` means: a device, a config file, or nothing. */
export function writeTarget(target: string, out: HitSink, verb = 'writes'): void {
  const device = deviceKind(target);
  if (device === 'block') out.hit('block-device-write', `${verb} ${target}`);
  else if (device === 'other') out.hit('device-write', `${verb} ${target}`);
  const config = configWriteKey(target);
  if (config) out.hit(config, `${verb} ${target}`);
  if (isHistoryFile(target)) out.hit('history-wipe', `${verb} ${target}`);
  const later = persistenceWriteKey(target);
  if (later) out.hit(later, `${verb} ${target}`);
  if (canonicalPath(target) === '/proc/sysrq-trigger') out.hit('sysrq-trigger', `${verb} ${target}`);
}

/** Operands that name a whole disk or partition: wiping or repartitioning them is never allowed. */
function onDevice(cmd: CommandView): string | undefined {
  return splitOptions(cmd.args).operands.find((o) => deviceKind(o) === 'block');
}

function mkfs(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  const device = operands.find((a) => a.startsWith('/dev/') || isDynamic(a));
  if (device !== undefined) out.hit('mkfs-device', `${cmd.name} ${device}`);
  else out.hit('mkfs', `${cmd.name} ${operands.join(' ')}`);
}

function dd(cmd: CommandView, out: HitSink): void {
  for (const a of cmd.args) if (a.startsWith('of=')) writeTarget(a.slice(3), out);
}

function shred(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  for (const target of operands) {
    if (deviceKind(target)) writeTarget(target, out, 'overwrites');
    else {
      out.hit('shred', target);
      // `shred ~/*`: every file of a home folder or system directory, past any recovery.
      const why = lastSegmentGlob(target) ? protectedAt(cmd.cwd, target) : null;
      if (why) out.hit('rm-root', `shred overwrites ${why}`);
      const config = configWriteKey(target);
      if (config) out.hit(config, `overwrites ${target}`);
    }
  }
}

function wipefs(cmd: CommandView, out: HitSink): void {
  if (hasFlag(cmd.args, 'ao', ['all', 'offset']))
    out.hit(onDevice(cmd) ? 'device-wipe' : 'disk-wipe', `wipefs ${cmd.args.join(' ')}`);
}

function blkdiscard(cmd: CommandView, out: HitSink): void {
  out.hit(onDevice(cmd) ? 'device-wipe' : 'disk-wipe', `${cmd.name} ${cmd.args.join(' ')}`);
}

/** Listing or printing partitions is read-only; anything else may rewrite the table. */
function partition(cmd: CommandView, out: HitSink): void {
  const readOnly =
    hasFlag(cmd.args, cmd.name === 'sgdisk' ? 'pi' : 'l', [
      'list',
      'dump',
      'print',
      'info',
      'help',
      'version',
      'verify',
    ]) ||
    (cmd.name === 'sfdisk' && hasFlag(cmd.args, 'dJ', [])) ||
    (cmd.name === 'parted' &&
      cmd.args
        .filter((a) => !a.startsWith('-'))
        .slice(1)
        .join(' ') === 'print') ||
    cmd.args.includes('-V');
  if (!readOnly)
    out.hit(onDevice(cmd) ? 'device-wipe' : 'disk-partition', `${cmd.name} ${cmd.args.join(' ')}`);
}

const DISKUTIL_WIPE = new Set([
  'erasedisk',
  'erasevolume',
  'zerodisk',
  'randomdisk',
  'secureerase',
  'partitiondisk',
  'reformat',
  'apfs',
]);

function diskutil(cmd: CommandView, out: HitSink): void {
  const verb = (cmd.args[0] ?? '').toLowerCase();
  if (DISKUTIL_WIPE.has(verb) && !(verb === 'apfs' && !/^(?:delete|erase)/i.test(cmd.args[1] ?? '')))
    out.hit('device-wipe', `diskutil ${cmd.args.join(' ')}`);
}

/** FreeBSD's gpart: `destroy` drops a partition table, `delete` a partition; named without /dev/. */
function gpart(cmd: CommandView, out: HitSink): void {
  const verb = splitOptions(cmd.args).operands[0] ?? '';
  if (/^(?:destroy|delete|create|add|resize|recover)$/.test(verb))
    out.hit('device-wipe', `gpart ${cmd.args.join(' ')}`);
}

/** `scrub [-p pattern] TARGET`: overwrites a device or file with patterns, like shred. */
function scrub(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args.filter((a, i) => !/^-[pbsSXD]$/.test(cmd.args[i - 1] ?? '')));
  for (const target of operands) {
    if (deviceKind(target)) writeTarget(target, out, 'overwrites');
    else out.hit('shred', target);
  }
}

/** `dmsetup remove_all|remove|wipe_table`: takes away devices mounted file systems may stand on. */
function dmsetup(cmd: CommandView, out: HitSink): void {
  const verb = splitOptions(cmd.args).operands[0] ?? '';
  if (/^(?:remove_all|remove|wipe_table|clear|reload)$/.test(verb))
    out.hit('mount-change', `dmsetup ${cmd.args.join(' ')}`);
}

function hdparm(cmd: CommandView, out: HitSink): void {
  if (
    cmd.args.some(
      (a) => a.startsWith('--security-erase') || a.startsWith('--trim-sector') || a === '--write-sector',
    )
  )
    out.hit(onDevice(cmd) ? 'device-wipe' : 'disk-wipe', `hdparm ${cmd.args.join(' ')}`);
}

/** `nvme format` and `nvme sanitize` erase every namespace's data; other nvme verbs read or tune. */
function nvme(cmd: CommandView, out: HitSink): void {
  const verb = splitOptions(cmd.args).operands[0] ?? '';
  if (verb === 'format' || verb === 'sanitize' || verb === 'write-zeroes')
    out.hit(onDevice(cmd) ? 'device-wipe' : 'disk-wipe', `nvme ${cmd.args.join(' ')}`);
}

/** `badblocks -w` overwrites every block with test patterns; `-n` writes back what it read. */
function badblocks(cmd: CommandView, out: HitSink): void {
  if (hasFlag(cmd.args, 'w', []))
    out.hit(onDevice(cmd) ? 'device-wipe' : 'disk-wipe', `badblocks ${cmd.args.join(' ')}`);
}

/** flashrom writes or erases a flash chip; `-p internal` is the machine's own firmware. */
function flashrom(cmd: CommandView, out: HitSink): void {
  if (!hasFlag(cmd.args, 'wE', ['write', 'erase'])) return;
  const programmer = cmd.args.find(
    (a, i) => /^(?:-p|--programmer)$/.test(cmd.args[i - 1] ?? '') || /^--programmer=/.test(a),
  );
  const internal = programmer !== undefined && /(?:^|=)internal\b/.test(programmer);
  out.hit(internal ? 'firmware-write' : 'device-write', `flashrom ${cmd.args.join(' ')}`);
}

/** fsck without -n (no changes), tune2fs beyond listing, resize2fs beyond estimating. */
function filesystemRepair(cmd: CommandView, out: HitSink): void {
  const { options, operands } = splitOptions(cmd.args);
  const changes =
    cmd.name === 'tune2fs'
      ? options.some((o) => !/^-l$/.test(o))
      : cmd.name === 'resize2fs'
        ? !options.includes('-P')
        : !hasFlag(options, 'n', ['dry-run']) && !options.some((o) => o === '-N');
  if (changes && operands.length > 0) out.hit('filesystem-repair', `${cmd.name} ${cmd.args.join(' ')}`);
}

export const MKFS_NAMES = [
  'mkfs',
  'mke2fs',
  'mkdosfs',
  'mkswap',
  'mkntfs',
  'newfs',
  'newfs_apfs',
  'newfs_hfs',
  'newfs_msdos',
];

export const diskDetectors: DetectorTable = [
  [MKFS_NAMES, mkfs],
  [['dd'], dd],
  [['shred'], shred],
  [['wipefs'], wipefs],
  [['blkdiscard'], blkdiscard],
  [['fdisk', 'sfdisk', 'gdisk', 'sgdisk', 'cfdisk', 'parted'], partition],
  [['diskutil'], diskutil],
  [['hdparm'], hdparm],
  [['gpart'], gpart],
  [['scrub'], scrub],
  [['dmsetup'], dmsetup],
  [['nvme'], nvme],
  [['badblocks'], badblocks],
  [['flashrom'], flashrom],
  [
    [
      'e2fsck',
      'fsck',
      'fsck.ext4',
      'fsck.ext3',
      'fsck.ext2',
      'fsck.vfat',
      'fsck.xfs',
      'fsck.btrfs',
      'xfs_repair',
      'dosfsck',
      'fsck_apfs',
      'fsck_hfs',
      'tune2fs',
      'resize2fs',
    ],
    filesystemRepair,
  ],
];
