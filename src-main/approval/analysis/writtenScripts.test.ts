/**
 * A command line that writes a script and then runs it is judged by what the script does.
 * Written before the reader it tests.
 */
import { describe, it } from 'vitest';
import { expectAsInner, expectQuiet, HOME, PUSH, SRC } from './testing/verdictExpect';

describe('scripts written and run in one command line', () => {
  it.each([
    ["echo 'rm -rf ~' > x.sh && bash x.sh", HOME],
    ["echo 'rm -rf src' >& x.sh; bash x.sh", SRC],
    ["printf 'rm -rf src\\n' > x.sh; sh ./x.sh", SRC],
    ["cat > run.sh <<'EOF'\nset -e\ngit push --force origin main\nEOF\nbash run.sh", PUSH],
    ["echo '#!/bin/sh' > x; echo 'rm -rf ~' >> x; chmod +x x; ./x", HOME],
    ["echo 'git push --force origin main' > deploy.sh && source deploy.sh", PUSH],
    ["echo 'git push --force origin main' > deploy.sh && . ./deploy.sh", PUSH],
    ['printf \'import os\\nos.system("rm -rf src")\\n\' > t.py && python3 t.py', SRC],
    [
      'printf \'#!/usr/bin/env python3\\nimport os\\nos.system("rm -rf ~")\\n\' > t && chmod +x t && ./t',
      HOME,
    ],
    ["cat > Makefile <<'EOF'\nall:\n\trm -rf src\nEOF\nmake", SRC],
    ["printf 'all:\\n\\tgit push --force origin main\\n' > ci.mk && make -f ci.mk", PUSH],
  ])('%s', expectAsInner);

  it.each([
    "echo 'npm test' > t.sh && bash t.sh",
    "cat > build.sh <<'EOF'\nset -e\nnpm ci\nnpm run build\nEOF\nbash build.sh",
    "echo 'import os' > x.py && python3 x.py",
    "echo 'console.log(1)' > a.js && node a.js",
    "cat > Makefile <<'EOF'\nall:\n\tgcc -o app main.c\nEOF\nmake",
    // Written over with other text (or text known only at run time) before it runs.
    "echo 'rm -rf ~' > x.sh; echo 'echo ok' > x.sh; sh x.sh",
    // Written, never run.
    "echo 'rm -rf ~' > notes.txt",
  ])('stays quiet for %s', expectQuiet);
});
