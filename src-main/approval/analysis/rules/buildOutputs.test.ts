import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const workspace = { cwd: '/work/app', workspace: '/work/app' };

// Written before the rule: build and cache outputs inside the workspace go without a question.
const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'rm -rf node_modules'],
  ['quiet', 'rm -rf build dist'],
  ['quiet', 'rm -rf ./target'],
  ['quiet', 'rm -rf .next out/ coverage'],
  ['quiet', 'rm -rf packages/web/node_modules packages/api/dist'],
  ['quiet', 'rm -rf node_modules && npm install'],
  ['quiet', 'cd frontend && rm -rf node_modules .cache'],
  ['quiet', 'rm -r __pycache__ .pytest_cache .mypy_cache'],
  ['quiet', 'rm -rf *.egg-info'],
  ['quiet', "find . -name '*.orig' -delete"],
  ['quiet', "find . -name '*.pyc' -delete"],
  ['quiet', 'find src -type f -name "*.rej" -delete'],
  // The same delete through -exec: `{}` is a match of the output name.
  ['quiet', "find . -name '*.orig' -exec rm {} +"],
  ['quiet', 'rm -rf node_modules dist build target .next __pycache__ coverage .pytest_cache'],
  ['quiet', 'find . -name __pycache__ -type d -exec rm -rf {} +'],
  // Braces expand to separate words, each an output; anything inside an output is output too.
  ['quiet', 'rm -rf {build,dist}'],
  ['quiet', 'rm -rf packages/{web,api}/{dist,.turbo}'],
  ['quiet', 'rm -rf .next/cache'],
  ['quiet', 'rm -rf target/debug/incremental'],
  ['quiet', 'rm -rf node_modules/.vite'],
  // fd matches whole names with a glob or an anchored pattern; `-e` names an extension.
  ['quiet', 'fd -t d -g __pycache__ -X rm -rf'],
  ['quiet', "fd -H -I -t d '^node_modules$' -x rm -rf {}"],
  ['quiet', 'fd -t d __pycache__ -X rm -rf'],
  ['quiet', 'fd -e pyc -x rm'],
  ['quiet', 'fd -e orig -e rej -X rm -f'],
  ['quiet', 'fdfind --glob .pytest_cache --type d packages --exec-batch rm -rf'],
  // The same delete written in an interpreter's code.
  ['quiet', `python3 -c "import shutil; shutil.rmtree('build', ignore_errors=True)"`],
  ['quiet', `node -e "require('fs').rmSync('dist', { recursive: true, force: true })"`],
  ['quiet', `node -e "require('fs').rmSync('packages/web/.next', {recursive: true})"`],
  ['quiet', `ruby -e 'require "fileutils"; FileUtils.rm_rf("coverage")'`],
];

const asks: Array<readonly [Expected, string]> = [
  ['ask', 'rm -rf src'],
  ['ask', 'rm -rf node_modules package-lock.json'],
  ['ask', 'rm -rf {dist,../x}'],
  ['ask', "find . -name '*.orig' -o -delete"],
  ['ask', 'rm -rf node_modules src'],
  ['ask', 'rm -rf ../other/node_modules'],
  ['ask', 'rm -rf /work/other/node_modules'],
  ['ask', 'rm -rf ~/node_modules'],
  ['ask', 'rm -rf */'],
  ['ask', 'rm -rf ../*/dist'],
  ['ask', 'rm -rf $DIR/build'],
  ['ask', 'cd /tmp && rm -rf build'],
  ['ask', 'cd .. && rm -rf node_modules'],
  ['ask', 'find . -delete'],
  ['ask', "find . -name '*.ts' -delete"],
  ['ask', "find / -name '*.pyc' -delete"],
  ['ask', "find .. -name '*.orig' -delete"],
  ['ask', 'rm -rf {build,src}'],
  ['ask', 'rm -rf {dist,/tmp/x}'],
  ['ask', 'rm -rf {dist,~/x}'],
  ['ask', 'rm -rf node_modules/../src'],
  ['ask', 'rm -rf target/../../x'],
  ['ask', 'rm -rf ~/x/node_modules'],
  ['ask', 'rm -rf /tmp/x/node_modules'],
  ['ask', 'rm -rf $OUT/.next/cache'],
  // A bare pattern is a regex that matches inside names: `dist` matches `distance.ts`.
  ['ask', 'fd dist -X rm -rf'],
  ['ask', 'fd -t d -g node_modules .. -X rm -rf'],
  ['ask', 'fd -t d -g node_modules ~ -X rm -rf'],
  ['ask', 'fd -g __pycache__ -X rm -rf src'],
  ['ask', 'fd -e ts -X rm -f'],
  ['ask', 'fd -g "*" -X rm -rf'],
  ['ask', 'fd -e pyc -e ts -x rm'],
  ['ask', 'cd /tmp && fd -g build -X rm -rf'],
  ['ask', `python3 -c "import shutil; shutil.rmtree('src')"`],
  ['ask', `python3 -c "import shutil; shutil.rmtree('build'); shutil.rmtree('src')"`],
  ['ask', `python3 -c "import shutil,sys; shutil.rmtree(sys.argv[1])" build`],
  ['ask', `node -e "require('fs').rmSync('../dist', { recursive: true })"`],
  ['ask', `node -e "require('fs').rmSync(process.env.OUT + '/dist', { recursive: true })"`],
  ['ask', `cd .. && python3 -c "import shutil; shutil.rmtree('build')"`],
  ['ask', `cd "$OUT" && python3 -c "import shutil; shutil.rmtree('build')"`],
];

describe('build outputs inside the workspace', () => {
  it('deletes well-known build and cache outputs without a question', () => expectVerdicts(quiet, workspace));
  it('keeps asking for every other delete', () => expectVerdicts(asks, workspace));
  it('asks the same without a known workspace only when leaving it', () =>
    expectVerdicts([
      ['quiet', 'rm -rf node_modules dist'],
      ['ask', 'rm -rf /srv/app/node_modules'],
    ]));
});
