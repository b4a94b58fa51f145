import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/*
 * Written before the fix: the shell expands `{a,b}` into separate words before the command
 * runs, so an alternative naming `/`, a system directory or a home folder is that plain target,
 * wherever the brace stands in the word and whatever the working directory is.
 */
const never: Array<readonly [Expected, string]> = [
  ['hardline', 'rm -rf {/etc,x}'],
  ['hardline', 'rm -rf {x,/usr}'],
  ['hardline', 'rm -rf /{etc,usr}'],
  ['hardline', 'rm -rf {,/}'],
  ['hardline', 'rm -fr {/boot,/tmp/x}'],
  ['hardline', 'rm -rf {/et,/ho}{c,me}'],
  ['hardline', 'rm -rf {~,x}'],
  ['hardline', 'rm -rf {x,~/}'],
  ['hardline', 'rm -rf {$HOME,x}'],
  ['hardline', 'rm -rf {"$HOME",build}'],
  ['hardline', 'rm -rf {/home/dev,x}'],
  ['hardline', 'rm -rf {a,{b,/var}}'],
  ['hardline', 'chmod -R 777 /{bin,lib}'],
  ['hardline', 'chmod -R 777 {/bin,lib}'],
  ['hardline', 'chown -R nobody {/usr,/var}'],
  ['hardline', 'chgrp -R users {~,/tmp}'],
  ['hardline', 'mv {/etc,/etc.bak}'],
  ['hardline', 'mv {~,/tmp/oldhome}'],
  ['hardline', 'sudo rm -rf {/srv,x}'],
  ['hardline', 'sh -c "rm -rf {/etc,x}"'],
  ['hardline', 'cd src && rm -rf {/usr,x}'],
  ['hardline', 'find {/etc,.} -delete'],
];

const asks: Array<readonly [Expected, string]> = [
  ['ask', 'rm -rf /tmp/{a,b}'],
  ['ask', 'rm -rf {src,lib}'],
  ['ask', 'rm -rf ~/{.npm,.cache}/x'],
  ['ask', 'rm -rf {/home/dev/project/x,y}'],
  ['ask', 'chmod -R 755 {scripts,bin}'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'echo {/etc,/usr}'],
  ['quiet', 'ls -la {/etc,/usr}'],
  ['quiet', 'mkdir -p src/{a,b}'],
  // As quiet as its plain form `mv a /tmp/a`: the sandbox, not this rule, keeps writes in.
  ['quiet', 'mv {a,/tmp/a}'],
];

describe('brace expansion reaching protected targets', () => {
  it('refuses what a brace alternative makes hardline', () => expectVerdicts(never, project));
  it('asks when every alternative stays short of it', () => expectVerdicts(asks, project));
  it('keeps reads and quoted braces quiet', () => expectVerdicts(quiet, project));
});
