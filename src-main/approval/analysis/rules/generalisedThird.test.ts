/**
 * Classes the third held-out set found, by how they execute, with commands in none of the
 * held-out files: the rule must recognise the class, not the samples it was written from.
 */
import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

type List = Array<readonly [Expected, string]>;

const codeTreeOnProtected: List = [
  ['hardline', 'python3 -c \'import shutil; shutil.rmtree("/var")\''],
  ['hardline', 'python -c \'from shutil import rmtree; rmtree("/opt/../lib")\''],
  ['hardline', "node -e \"require('fs').rmSync('/boot', { recursive: true })\""],
  ['hardline', 'ruby -e \'require "fileutils"; FileUtils.rm_r("/sbin")\''],
  ['hardline', 'perl -MFile::Path=remove_tree -e \'remove_tree("/srv")\''],
  ['hardline', "python3 -c 'import shutil, pathlib; shutil.rmtree(pathlib.Path.home())'"],
  ['ask', 'python3 -c \'import shutil; shutil.rmtree("vendor")\''],
  ['ask', 'ruby -e \'require "fileutils"; FileUtils.rm_rf(File.join(Dir.home, ".cache/x"))\''],
  ['ask', 'python3 -c \'import os, shutil; shutil.rmtree(os.path.join(os.environ["HOME"], name))\''],
];

const findRunsPermissionChange: List = [
  ['hardline', 'find /etc -exec chmod 600 {} +'],
  ['hardline', 'find ~ -type d -exec chown root {} \\;'],
  ['hardline', 'find /var -execdir chgrp nogroup {} +'],
  ['ask', 'find / -name "*.sock" -exec chmod 666 {} +'],
  ['quiet', 'find . -type f -name "*.sh" -exec chmod u+x {} +'],
  ['quiet', 'find scripts -exec chmod 755 {} \\;'],
];

const shellRunsWhatAProgramPrints: List = [
  ['ask', "yq -r '.install' tool.yml | sh"],
  ['ask', "node -p 'process.env.CMD' | bash"],
  ['ask', 'grep -h "^run:" notes.md | cut -d: -f2 | zsh'],
  ['ask', 'sqlite3 jobs.db "select cmd from q" | bash -s'],
  ['quiet', "echo 'npm test' | sh"],
  ['quiet', 'cat ci/steps.sh | bash'],
  ['quiet', 'cat report.json | python3 -m json.tool'],
];

describe('classes from the third held-out set', () => {
  it('a one-liner deleting /, a system directory or the home folder never runs', () =>
    expectVerdicts(codeTreeOnProtected, { cwd: '/home/dev/project' }));
  it('find -exec chmod/chown over a protected tree never runs, like chmod -R', () =>
    expectVerdicts(findRunsPermissionChange, { cwd: '/home/dev/project' }));
  it('a shell fed by a program whose output is known only at run time asks', () =>
    expectVerdicts(shellRunsWhatAProgramPrints, { cwd: '/home/dev/project' }));
});
