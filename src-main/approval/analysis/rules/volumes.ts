/**
 * Volume managers and encrypted volumes: destroying a pool, a logical volume or a LUKS header
 * wipes the file systems on it as surely as wipefs does, so these are device wipes (hardline).
 */
import type { CommandView, DetectorTable, HitSink } from './types';
import { commandText, splitOptions } from './types';
import { protectedAt } from '../paths';

function cryptsetup(cmd: CommandView, out: HitSink): void {
  const verb = (splitOptions(cmd.args).operands[0] ?? '').toLowerCase();
  if (/^(?:lukserase|erase|luksformat)$/.test(verb)) out.hit('device-wipe', commandText(cmd));
}

function zpool(cmd: CommandView, out: HitSink): void {
  if (/^(?:destroy|labelclear)$/.test(splitOptions(cmd.args).operands[0] ?? ''))
    out.hit('device-wipe', commandText(cmd));
}

function zfs(cmd: CommandView, out: HitSink): void {
  const ops = splitOptions(cmd.args).operands;
  // A snapshot (`pool/fs@snap`) is a point in time, not the file system.
  if (ops[0] === 'destroy' && ops.slice(1).some((o) => !o.includes('@')))
    out.hit('device-wipe', commandText(cmd));
}

function lvm(cmd: CommandView, out: HitSink): void {
  if (splitOptions(cmd.args).operands.length > 0 || cmd.args.some((a) => /^--(?:select|all)/.test(a)))
    out.hit('device-wipe', commandText(cmd));
}

/** `btrfs subvolume delete PATH…`: the subvolume and every file in it; `/` or a home is the system's. */
function btrfs(cmd: CommandView, out: HitSink): void {
  const [area = '', verb = '', ...paths] = splitOptions(cmd.args).operands;
  if (!/^sub(?:v(?:ol(?:ume)?)?)?$/.test(area) || !/^(?:delete|del|de|d)$/.test(verb)) return;
  const why = paths.map((p) => protectedAt(cmd.cwd, p)).find((w) => w !== null);
  out.hit(why ? 'rm-root' : 'rm-recursive', why ? `btrfs subvolume delete of ${why}` : commandText(cmd));
}

function mdadm(cmd: CommandView, out: HitSink): void {
  if (cmd.args.includes('--zero-superblock')) out.hit('device-wipe', commandText(cmd));
}

export const volumeDetectors: DetectorTable = [
  [['cryptsetup'], cryptsetup],
  [['zpool'], zpool],
  [['zfs'], zfs],
  [['btrfs'], btrfs],
  [['lvremove', 'vgremove', 'pvremove'], lvm],
  [['mdadm'], mdadm],
];
