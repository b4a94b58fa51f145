import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/* Written before the rule: a command hidden in an option of a file tool asks, whatever it runs. */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'tar -cf /dev/null /dev/null --checkpoint=1 --checkpoint-action=exec=id'],
  ['ask', `tar -cf /dev/null /dev/null --checkpoint=1 --checkpoint-action=exec='sh -c "id > /tmp/pwn"'`],
  ['ask', 'tar -cf x.tar src --checkpoint=1 --checkpoint-act exec=/tmp/run.sh'],
  ['ask', 'gtar -xf a.tar --to-command=sh'],
  ['ask', "sed -n '1e id' README.md"],
  ['ask', "sed 's/.*/date/e' notes.txt"],
  ['ask', "zip -T -TT 'sh -c id' x.zip README.md"],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'tar czf out.tgz src --checkpoint=1000 --checkpoint-action=dot'],
  ['quiet', 'tar -I zstd -cf src.tar.zst src'],
  ['quiet', 'tar -xzf release.tgz -C vendor'],
  ['quiet', "sed -n '1,20p' README.md"],
  ['quiet', "sed -i 's/version = .*/version = 2/' Cargo.toml"],
  ['quiet', 'zip -r site.zip public'],
  ['quiet', 'zip -T site.zip'],
];

describe('commands run through options of file tools', () => {
  it('asks for tar checkpoint actions and --to-command, sed e and zip -TT', () =>
    expectVerdicts(asks, project));
  it('keeps ordinary archiving and editing quiet', () => expectVerdicts(quiet, project));
});
