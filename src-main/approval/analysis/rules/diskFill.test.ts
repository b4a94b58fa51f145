import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/* Written before the rule: commands that fill the disk. */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'fallocate -l 500G /tmp/fill'],
  ['ask', 'fallocate --length 2T big.img'],
  ['ask', 'dd if=/dev/zero of=/tmp/fill bs=1G count=500'],
  ['ask', 'dd if=/dev/urandom of=/tmp/noise'],
  ['ask', 'cat /dev/zero > /tmp/fill'],
  ['ask', 'yes > /tmp/y'],
  ['ask', 'head -c 50G /dev/zero > big'],
  ['ask', 'cat /dev/urandom >> noise.bin'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'fallocate -l 1G test.img'],
  ['quiet', 'dd if=/dev/zero of=disk.img bs=1M count=100'],
  ['quiet', 'yes | head -n 5 > y.txt'],
  ['quiet', 'head -c 1M /dev/urandom > sample.bin'],
  ['quiet', 'yes > /dev/null'],
  ['quiet', 'truncate -s 100G sparse.img'],
];

describe('commands that fill the disk', () => {
  it('asks for endless streams into files and files of 10 GB or more', () => expectVerdicts(asks, project));
  it('keeps test images, bounded samples and streams to /dev/null quiet', () =>
    expectVerdicts(quiet, project));
});
