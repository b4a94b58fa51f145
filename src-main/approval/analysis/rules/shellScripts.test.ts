import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/*
 * Written before the fix: the script given to `sh -c` is judged as a top-level command,
 * whatever space, newline or separator surrounds it, however the shell is started, and with
 * its positional parameters (`sh -c 'rm -rf "$1"' _ /`) bound to the words after it.
 */
const never: Array<readonly [Expected, string]> = [
  ['hardline', 'sh -c " rm -rf /"'],
  ['hardline', 'sh -c "rm -rf /  "'],
  ['hardline', "sh -c '\nrm -rf /\n'"],
  ['hardline', "sh -c '\r\nrm -rf /\r\n'"],
  ['hardline', "sh -c $'\\n\\t rm -rf /'"],
  ['hardline', "sh -c 'echo hi; rm -rf /'"],
  ['hardline', "sh -c ' ; rm -rf /;'"],
  ['hardline', "sh -c 'true&&rm -rf ~'"],
  ['hardline', "bash -lc ' rm -rf /'"],
  ['hardline', "bash -l -c 'rm -rf /usr'"],
  ['hardline', "bash --login -c 'rm -rf /'"],
  ['hardline', "bash -o pipefail -c 'rm -rf /'"],
  ['hardline', "env bash -c ' rm -rf /'"],
  ['hardline', "env -i PATH=/bin bash -c 'rm -rf /'"],
  ['hardline', "sudo sh -c ' rm -rf /'"],
  ['hardline', "sudo -u root -- bash -lc 'rm -rf /'"],
  ['hardline', "doas sh -c 'rm -rf /'"],
  ['hardline', "su -c ' rm -rf /'"],
  ['hardline', `bash -c "bash -lc 'rm -rf /'"`],
  ['hardline', "nohup sh -c ' chmod -R 777 /etc' &"],
  ['hardline', 'sh -c \'rm -rf "$1"\' _ /'],
  ['hardline', "bash -c 'rm -rf $1/' sh /usr"],
  ['hardline', "bash -c 'rm -rf $0' /"],
  ['hardline', 'sudo sh -c \'rm -rf "${1}"\' x ~'],
];

const asks: Array<readonly [Expected, string]> = [
  ['ask', 'sh -c \'rm -rf "$1"\' _ src'],
  ['ask', 'sh -c \'rm -rf "$2"\' _ /'],
  ['ask', 'sh -c \'rm -rf "$1"\''],
  ['ask', 'sh -c \'shift; rm -rf "$1"\' _ a src'],
  // After `shift` or `set --` the words have moved: unknown, so it asks rather than guess.
  ['ask', 'sh -c \'shift; rm -rf "$1"\' _ / src'],
  ['ask', 'sh -c \'rm -rf "$@"\' _ build /'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'sh -c \'echo "$1"\' _ /'],
  ['quiet', "bash -c ' npm test '"],
  ['quiet', 'sh -c \'ls "$@"\' _ / /usr'],
];

describe('shell scripts given with -c', () => {
  it('refuses a hardline script however it is passed', () => expectVerdicts(never, project));
  it('asks when the bound or unknown target is not hardline', () => expectVerdicts(asks, project));
  it('keeps quiet scripts quiet', () => expectVerdicts(quiet, project));
});
