import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Written before the rules: destructive block tests, firmware writes and in-place file system changes.
const dangerous: Array<readonly [Expected, string]> = [
  ['hardline', 'badblocks -w /dev/sda'],
  ['hardline', 'sudo badblocks -wsv /dev/nvme0n1'],
  ['hardline', 'flashrom -p internal -w bios.bin'],
  ['hardline', 'sudo flashrom --programmer internal --erase'],
  ['ask', 'flashrom -p ch341a_spi -w board.bin'],
  ['ask', 'e2fsck -y /dev/sda1'],
  ['ask', 'fsck -fy /dev/sdb2'],
  ['ask', 'sudo xfs_repair -L /dev/vg0/data'],
  ['ask', 'tune2fs -O ^has_journal /dev/sda1'],
  ['ask', 'resize2fs /dev/sda1 10G'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'badblocks -sv /dev/sda'],
  ['quiet', 'flashrom -p internal -r backup.bin'],
  ['quiet', 'e2fsck -n /dev/sda1'],
  ['quiet', 'fsck -N /dev/sda1'],
  ['quiet', 'tune2fs -l /dev/sda1'],
  ['quiet', 'resize2fs -P /dev/sda1'],
];

describe('disks: block tests, firmware and file system repair', () => {
  it('refuses destructive block tests and firmware writes, asks before in-place repair', () =>
    expectVerdicts(dangerous));
  it('keeps read-only checks quiet', () => expectVerdicts(benign));
});
