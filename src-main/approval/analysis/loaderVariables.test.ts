import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from './analyse';
import { expectVerdicts, type Expected } from '../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/*
 * Written before the rule: variables that make a program load code from a file the command does
 * not show (a preloaded library, a file every shell sources, a module the runtime requires first).
 */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'LD_PRELOAD=/tmp/x.so /bin/true'],
  ['ask', 'export LD_PRELOAD=./hook.so; ls'],
  ['ask', 'DYLD_INSERT_LIBRARIES=/tmp/x.dylib ls'],
  ['ask', 'BASH_ENV=/tmp/x.sh bash -c true'],
  ['ask', 'ENV=/tmp/x sh -i'],
  ['ask', "NODE_OPTIONS='--require /tmp/x.js' node app.js"],
  ['ask', 'NODE_OPTIONS="--import=/home/dev/.cache/x.mjs" npm test'],
  ['ask', 'PYTHONSTARTUP=/tmp/x.py python3'],
  ['ask', "RUBYOPT='-r/tmp/x' ruby -e 1"],
  ['ask', "PERL5OPT='-I/tmp -Mx' perl -e 1"],
  ['ask', 'env LD_PRELOAD=/tmp/x.so ls'],
];

const quiet: Array<readonly [Expected, string]> = [
  ["NODE_OPTIONS='--max-old-space-size=4096' npm run build"],
  ["NODE_OPTIONS='-r dotenv/config' node app.js"],
  ["NODE_OPTIONS='--require ./test/setup.js' mocha"],
  ['PYTHONPATH=src python3 -m app'],
  ['LD_LIBRARY_PATH=./lib ./app'],
  ["PERL5OPT='-MCarp=verbose' perl script.pl"],
].map(([cmd]) => ['quiet', cmd ?? ''] as const);

describe('variables that load code', () => {
  it('asks when a program is made to load code from a file the command does not show', () =>
    expectVerdicts(asks, project));
  it('keeps runtime settings, module names and project files quiet', () => expectVerdicts(quiet, project));
});
