import { beforeAll, describe, it } from 'vitest';
import { initShellParser } from '../analyse';
import { expectVerdicts, type Expected } from '../../testing/heldOut';

beforeAll(() => initShellParser());

const project = { cwd: '/home/dev/project', workspace: '/home/dev/project' };

/* Written before the rule: a loop over a list a command produced deletes or empties each item, as xargs would. */
const asks: Array<readonly [Expected, string]> = [
  ['ask', 'for f in $(git ls-files); do rm "$f"; done'],
  ['ask', 'for f in `git ls-files src`; do rm -f "$f"; done'],
  ['ask', 'git ls-files | while read f; do rm "$f"; done'],
  ['ask', 'while read -r f; do rm -- "$f"; done < <(git ls-files)'],
  ['ask', `for f in $(git ls-files '*.go'); do > "$f"; done`],
  ['ask', 'while IFS= read -r f; do : > "$f"; done < <(git ls-files)'],
  ['ask', 'for f in $(find src -type f); do rm "$f"; done'],
];

const quiet: Array<readonly [Expected, string]> = [
  ['quiet', 'for f in src/*.ts; do rm "$f"; done'],
  ['quiet', 'for f in *.log; do > "$f"; done'],
  ['quiet', 'for f in $(git diff --name-only); do npx prettier --write "$f"; done'],
  ['quiet', 'for f in $(git ls-files "*.go"); do gofmt -w "$f"; done'],
  ['quiet', 'for pid in $(pgrep node); do echo "$pid"; done'],
  ['quiet', 'while read line; do echo "$line"; done < notes.txt'],
  ['quiet', 'for f in $(ls *.md); do wc -l "$f"; done'],
  ['quiet', 'for f in $(git ls-files); do rm -f build.log; done'],
];

describe('loops over a list a command produced', () => {
  it('ask when each item is deleted or emptied', () => expectVerdicts(asks, project));
  it('stay quiet for loops over globs and for loops that only read or format', () =>
    expectVerdicts(quiet, project));
});
