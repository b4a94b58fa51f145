import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

/*
 * Written before the rule. Hardline means irreversible damage beyond the project at machine
 * scale: wiping or repartitioning disks, deleting or making unusable `/`, system directories or
 * a home folder, crashing or rebooting the machine, fork bombs. The look-alikes below are
 * dangerous but stay within reach of an undo or the project, so they ask.
 */
const never: Array<readonly [Expected, string]> = [
  ['hardline', 'wipefs -a /dev/sda'],
  // Every file of a home folder overwritten, or the root subvolume deleted.
  ['hardline', 'shred -uz ~/*'],
  ['hardline', 'shred -n 3 /home/dev/*'],
  ['hardline', 'btrfs subvolume delete /'],
  ['hardline', 'gpart destroy -F ada0'],
  ['hardline', 'gpart delete -i 1 nvd0'],
  ['hardline', 'scrub -p dod /dev/sda'],
  ['hardline', 'srm -r ~/'],
  ['hardline', 'srm -rf /usr'],
  ['hardline', 'sudo btrfs subvolume delete -c /home'],
  ['hardline', 'sudo wipefs --all --force /dev/nvme0n1'],
  ['hardline', 'blkdiscard /dev/nvme0n1'],
  ['hardline', 'blkdiscard -f /dev/sdb'],
  ['hardline', 'sgdisk --zap-all /dev/sda'],
  ['hardline', 'sgdisk -Z /dev/vda'],
  ['hardline', 'parted -s /dev/sda rm 1'],
  ['hardline', 'parted /dev/sdb mklabel gpt'],
  ['hardline', 'echo -e "o\\nw" | fdisk /dev/sda'],
  ['hardline', 'sfdisk --delete /dev/sdc'],
  ['hardline', 'dd if=/dev/urandom of=/dev/nvme0n1 bs=1M'],
  ['hardline', 'shred -n 3 -z /dev/sda'],
  ['hardline', 'cat /dev/zero > /dev/sdb'],
  ['hardline', 'mkfs.ext4 -F /dev/sdb1'],
  ['hardline', 'chmod -R 777 /'],
  ['hardline', 'sudo chmod -R 000 /usr'],
  ['hardline', 'chown -R nobody:nogroup /etc'],
  ['hardline', 'chown -R me ~'],
  ['hardline', 'chmod -R a-rwx $HOME'],
  ['hardline', 'chattr -R +i /'],
  ['hardline', 'sudo chattr -R +i /var'],
  ['hardline', 'echo b > /proc/sysrq-trigger'],
  ['hardline', 'echo c | sudo tee /proc/sysrq-trigger'],
  ['hardline', 'printf o >/proc/sysrq-trigger'],
  ['hardline', 'while true; do bash & done'],
  ['hardline', 'while :; do sh -c "sleep 9" & done'],
  ['hardline', 'until false; do $0 & done'],
  ['hardline', 'for ((;;)); do bash & done'],
  ['hardline', 'while true; do (bash &); done'],
  ['hardline', 'bomb(){ bomb|bomb& };bomb'],
  ['hardline', 'x(){ x & x; }; x'],
  ['hardline', `yes | xargs -P0 -n1 sh -c 'sh &'`],
  ['hardline', `yes | xargs -P 0 -n 1 bash -c ':'`],
  ['hardline', 'cat /dev/urandom | parallel -j0 sleep 100'],
];

const asks: Array<readonly [Expected, string]> = [
  ['ask', 'wipefs -a disk.img'],
  ['ask', 'shred -u ~/.ssh/id_rsa'],
  ['ask', 'btrfs subvolume delete /mnt/pool/snapshots/2024-01-01'],
  ['ask', 'btrfs subvolume delete ./snaps/old'],
  ['ask', 'dmsetup remove_all --force'],
  ['ask', 'scrub -p dod old-disk.img'],
  ['ask', 'srm -r ./old'],
  ['ask', 'parted disk.img rm 1'],
  ['ask', 'chmod -R 755 ./scripts'],
  ['ask', 'chown -R me ~/.npm'],
  ['ask', 'chattr +i /etc/resolv.conf'],
  ['ask', 'echo 1 > /proc/sys/kernel/sysrq'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'wipefs /dev/sda'],
  ['quiet', 'parted /dev/sda print'],
  ['quiet', 'sgdisk -p /dev/sda'],
  ['quiet', 'fdisk -l'],
  ['quiet', 'lsblk -f'],
  ['quiet', 'gpart show ada0'],
  ['quiet', 'dmsetup ls'],
  ['quiet', 'cat /proc/sys/kernel/sysrq'],
  ['quiet', 'lsattr -d /'],
  ['quiet', 'while true; do date; sleep 1; done'],
  ['quiet', 'for i in 1 2 3; do ./job $i & done; wait'],
  ['quiet', 'while true; do ./server & sleep 5; wait; done'],
  ['quiet', 'yes | head -n 5 | xargs -n1 echo'],
  ['quiet', 'find . -name "*.png" | xargs -P0 -n1 optipng'],
  ['quiet', 'yes | npx create-vite app --template react'],
];

describe('what never runs', () => {
  it('refuses machine-scale irreversible damage', () => expectVerdicts(never));
  it('asks about dangerous look-alikes that stay short of it', () => expectVerdicts(asks));
  it('keeps reads and bounded loops quiet', () => expectVerdicts(benign));
});
