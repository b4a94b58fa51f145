import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

// Destroying pools, volumes and LUKS headers wipes file systems; so does find -delete of a system folder.
const hardline: Array<readonly [Expected, string]> = [
  ['hardline', 'sudo cryptsetup erase /dev/nvme0n1p3'],
  ['hardline', 'cryptsetup -q luksFormat /dev/sdb1'],
  ['hardline', 'sudo zpool destroy -f data'],
  ['hardline', 'zpool labelclear -f /dev/sdc'],
  ['hardline', 'sudo zfs destroy -r tank/home'],
  ['hardline', 'sudo lvremove -y vg0/root'],
  ['hardline', 'vgremove --force vg_data'],
  ['hardline', 'sudo pvremove /dev/sdb1'],
  ['hardline', 'sudo mdadm --zero-superblock /dev/sdb1'],
  ['hardline', 'sudo find /etc -type f -delete'],
  ['hardline', 'find /var -mindepth 1 -type d -delete'],
];

const benign: Array<readonly [Expected, string]> = [
  ['quiet', 'zpool status'],
  ['quiet', 'zfs list -t snapshot'],
  ['quiet', 'lvs'],
  ['quiet', 'cryptsetup status cryptroot'],
  ['quiet', 'mdadm --detail /dev/md0'],
  ['quiet', 'find . -type f -name "*.pyc" -delete'],
];

const ask: Array<readonly [Expected, string]> = [['ask', 'find /etc -name "*.bak" -delete']];

describe('volumes and system folders', () => {
  it('refuses destroying pools, volumes, LUKS headers and every file of a system folder', () =>
    expectVerdicts(hardline));
  it('keeps status and listing quiet', () => expectVerdicts(benign));
  it('asks for a filtered delete in a system folder', () => expectVerdicts(ask));
});
