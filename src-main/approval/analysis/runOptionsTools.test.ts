/**
 * Build, trace and network tools whose options run a command, and variables naming a program a
 * tool runs: each judged as the command it runs. Written before the readers they test.
 */
import { describe, it } from 'vitest';
import { expectAsInner, expectQuiet, HOME, PUSH, SRC } from './testing/verdictExpect';

describe('tools whose options run a command', () => {
  it.each([
    ["strace -o '|rm -rf src' ls", SRC],
    ["strace -f -o '!rm -rf ~' make", HOME],
    ["strace --output='|git push --force origin main' ls", PUSH],
    ["tcpdump -i lo -w x.pcap -G 1 -z 'rm -rf src'", SRC],
    ["tcpdump -w x.pcap -C 1 -z'rm -rf ~'", HOME],
    ["lftp -c '!rm -rf src'", SRC],
    ["lftp -e 'set a b; !rm -rf ~; bye' ftp.example", HOME],
    ['watchexec -- rm -rf src', SRC],
    ["watchexec -w src -e ts 'rm -rf ~'", HOME],
    ['watchexec --restart git push --force origin main', PUSH],
    ['cmake -E rm -rf src', SRC],
    ['cmake -E remove_directory ~', HOME],
    ['cmake -E env A=1 git push --force origin main', PUSH],
    ['cmake -E chdir build rm -rf ~', HOME],
    ["mvn exec:exec -Dexec.executable=rm -Dexec.args='-rf src'", SRC],
    ["npm run --script-shell 'rm -rf src' build", SRC],
    ["pnpm run --script-shell='rm -rf ~' test", HOME],
    ["GIT_ASKPASS='rm -rf src' git fetch", SRC],
    ["SSH_ASKPASS='rm -rf ~' ssh-add key", HOME],
    ["npm_config_script_shell='rm -rf src' npm test", SRC],
    ["npx -c 'rm -rf src'", SRC],
    ["npm exec --call='rm -rf ~'", HOME],
    ["yarn exec 'git push --force origin main'", PUSH],
    ['fd -e ts -X rm -rf src', SRC],
    ['fdfind . -x git push --force origin main', PUSH],
    ['rg --pre \'sh -c "rm -rf ~"\' needle', HOME],
    ["git clone 'ext::sh -c rm% -rf% src' repo", SRC],
    ["git -c protocol.ext.allow=always fetch 'ext::sh -c rm% -rf% ~'", HOME],
    ["env GIT_PAGER='rm -rf src' git log", SRC],
    ["env -i GIT_SSH_COMMAND='rm -rf ~' git fetch", HOME],
    ['toybox rm -rf src', SRC],
    [`cargo run --config 'target.x86_64-unknown-linux-gnu.runner="rm -rf src"'`, SRC],
    [`nvim --headless -c 'call delete("src", "rf")' -c q`, SRC],
    ["lldb -o 'platform shell rm -rf src' -b", SRC],
    ["lldb --one-line 'shell rm -rf ~' ./app", HOME],
    ['lldb -b -O \'script import os; os.system("git push --force origin main")\'', PUSH],
  ])('%s', expectAsInner);

  it.each([
    'strace -o trace.txt ls',
    'lldb -o run -o bt ./app',
    'strace -f -o out.log ./app',
    'tcpdump -i lo -c 10',
    'tcpdump -w x.pcap -G 60',
    "lftp -c 'open ftp.example; ls; bye'",
    'watchexec -e ts -- npm test',
    'watchexec -w src make',
    'cmake -E make_directory build',
    'cmake -E copy a b',
    'cmake -E rm -f build/CMakeCache.txt',
    'cmake -S . -B build',
    'mvn exec:java -Dexec.mainClass=app.Main',
    'npm run build',
    'GIT_ASKPASS=echo git fetch',
    "npx -c 'eslint .'",
    'npx eslint -c .eslintrc.json src',
    'yarn exec tsc',
    'fd -e ts -x wc -l',
    'rg --pre ./pdftotext.sh needle',
    'git clone https://github.com/example/app.git',
    'env LANG=C git log',
    "cargo build --config 'profile.dev.opt-level=1'",
    `nvim --headless -c 'call delete("notes.tmp")' -c q`,
  ])('stays quiet for %s', expectQuiet);
});
