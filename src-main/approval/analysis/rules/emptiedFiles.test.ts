import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/* Written before the rule: a project's source or manifest emptied in place. */
const asks: Array<readonly [Expected, string]> = [
  ['ask', '> src/index.ts'],
  ['ask', ': > src/index.ts'],
  ['ask', 'true > package.json'],
  ['ask', 'cat /dev/null > src/app.py'],
  ['ask', "printf '' > Makefile"],
  ['ask', 'echo -n > go.mod'],
  ['ask', 'truncate -s 0 package.json'],
  ['ask', 'truncate --size=0 src/*.ts'],
  ['ask', 'cp /dev/null src/index.ts'],
  ['ask', 'ln -sf /dev/null src/index.ts'],
  ['ask', 'dd if=/dev/zero of=src/app.ts bs=1k count=1'],
  ['ask', 'sed -i d src/*.ts'],
  ['ask', "sed -i '1,$d' README.md"],
  ['ask', ': > /home/dev/project/Cargo.toml'],
  ['ask', `perl -pi -e '$_ = ""' lib/*.pm`],
  ['ask', "perl -i -ne '' src/app.pl"],
  ['ask', "perl -0777 -pi -e 's/.*//s' src/main.rs"],
  ['ask', `python3 -c "open('app/main.py','w').close()"`],
  ['ask', `python3 -c "from pathlib import Path; Path('src/app.py').write_text('')"`],
  ['ask', `node -e "require('fs').writeFileSync('src/index.ts', '')"`],
  ['ask', `ruby -e "File.write('lib/app.rb', '')"`],
  ['ask', `php -r "file_put_contents('composer.json', '');"`],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', '> build.log'],
  ['quiet', ': > out.txt'],
  ['quiet', 'truncate -s 0 logs/app.log'],
  ['quiet', 'cp /dev/null nohup.out'],
  ['quiet', '> dist/bundle.js'],
  ['quiet', 'echo hi > src/index.ts'],
  ['quiet', "sed -i '/debug/d' src/app.ts"],
  ['quiet', 'truncate -s 10M disk.img'],
  ['quiet', '> results.json && for f in data/*.json; do cat "$f" >> results.json; done'],
  ['quiet', ': > .env.local'],
  ['quiet', "perl -pi -e 's/foo/bar/g' src/*.ts"],
  ['quiet', "perl -i -ne 'print unless /debug/' src/app.pl"],
  ['quiet', `python3 -c "open('build.log','w').close()"`],
  ['quiet', `node -e "require('fs').writeFileSync('dist/out.js', '')"`],
  ['quiet', `python3 -c "open('src/app.py','w').write('x = 1')"`],
];

describe('project files emptied in place', () => {
  it('asks when a source or manifest is left empty', () => expectVerdicts(asks, project));
  it('keeps logs, outputs, rewrites and files started afresh quiet', () => expectVerdicts(quiet, project));
});
