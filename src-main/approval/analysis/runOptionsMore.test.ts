/**
 * More programs that run a command they are given, carried code read to its end, and aliases
 * and functions defined then used: each judged as the command it runs.
 */
import { describe, it } from 'vitest';
import { expectAsInner, expectAsks, expectQuiet, HOME, PUSH, SRC } from './testing/verdictExpect';
describe('more programs that run a command they are given', () => {
  it.each([
    ['xvfb-run -a rm -rf src', SRC],
    ['fakeroot rm -rf src', SRC],
    ['unshare -r rm -rf src', SRC],
    ['valgrind --leak-check=full rm -rf src', SRC],
    ['prlimit --nofile=10 rm -rf src', SRC],
    ['numactl -N 0 rm -rf ~', HOME],
    ['ls | entr -p rm -rf src', SRC],
    ["entr -s 'rm -rf src' < files.txt", SRC],
    ['start-stop-daemon --start --exec /bin/rm -- -rf src', SRC],
    ["gtar --to-command='rm -rf src' -xf a.tar", SRC],
    ["man -P 'rm -rf src' ls", SRC],
    ["man --pager='rm -rf ~' ls", HOME],
    ["nodemon --exec 'rm -rf src'", SRC],
    ["nodemon -x 'git push --force origin main'", PUSH],
    ["zip -T -TT 'rm -rf src' a.zip notes.txt", SRC],
    ["zip --unzip-command='rm -rf src' -T a.zip notes.txt", SRC],
    ["gdb -batch -ex 'shell rm -rf src'", SRC],
    ["gdb -batch -ex '!rm -rf ~'", HOME],
    ["tmux new-session -d 'rm -rf src'", SRC],
    ["tmux new -d -s x 'rm -rf src'", SRC],
    ["tmux run-shell 'rm -rf src'", SRC],
    ["tmux split-window -h 'git push --force origin main'", PUSH],
    ["screen -dm sh -c 'rm -rf src'", SRC],
    ['screen -dmS job rm -rf src', SRC],
    ["psql -c '\\! rm -rf src'", SRC],
    ["mysql -e 'system rm -rf src'", SRC],
    ["mysql -e '\\! rm -rf ~'", HOME],
    ["sqlite3 db.sqlite '.shell rm -rf src'", SRC],
    ["sqlite3 db.sqlite '.system rm -rf src'", SRC],
    ["git rebase -x 'rm -rf src' HEAD~3", SRC],
    ["git rebase --exec='rm -rf src' -i HEAD~3", SRC],
    ['git bisect run rm -rf src', SRC],
    ["git submodule foreach 'rm -rf src'", SRC],
    ["git submodule foreach --recursive 'git push --force origin main'", PUSH],
    ['awk \'BEGIN{print "rm -rf src" | "sh"}\'', SRC],
    ['awk \'BEGIN{"rm -rf src" | getline x}\'', SRC],
  ])('%s', expectAsInner);

  it.each([
    'xvfb-run npm test',
    'fakeroot dpkg-deb --build pkg',
    'valgrind ./a.out',
    'entr -c npm test',
    'gtar -czf a.tgz src',
    'man ls',
    'man -P cat ls',
    "nodemon --exec 'npm test'",
    'zip -r a.zip src',
    'gdb -batch -ex bt ./a.out',
    'gdb -ex run --args ./a.out',
    'tmux new-session -d -s dev',
    "tmux new-session -d 'npm run dev'",
    'tmux attach -t dev',
    'screen -dmS build make',
    "psql -c 'select 1'",
    "psql -c '\\dt'",
    "sqlite3 db.sqlite '.tables'",
    "mysql -e 'show tables'",
    "git rebase -x 'npm test' HEAD~3",
    'git bisect run npm test',
    'git submodule foreach git pull',
    'awk \'{print $1 | "sort"}\' notes.txt',
    'awk \'BEGIN{"date" | getline d; print d}\'',
  ])('stays quiet for %s', expectQuiet);
});

describe('long carried code is read to the end', () => {
  it.each([
    [`vim -c '${'set nu|'.repeat(12_000)}!rm -rf ~' notes.txt`, HOME],
    [`make --eval='${'X := 1\n'.repeat(10_000)}x: ; rm -rf ~' x`, HOME],
    [`expect -c '${'puts hi; '.repeat(10_000)}exec rm -rf ~'`, HOME],
    [`sed -n '${'p;'.repeat(30_000)}1e rm -rf ~' notes.txt`, HOME],
  ])('%#: a command after many harmless ones', expectAsInner);

  it.each([
    `sed '${'1e true\n'.repeat(40)}1e rm -rf ~' notes.txt`,
    `parallel rm -rf ::: ${'build '.repeat(20)}~`,
    `vim -c '${'call system("true")|'.repeat(40)}call system("rm -rf ~")'`,
  ])('%#: past the cap, the rest is unknown and asked about', expectAsks);
});

describe('aliases and functions defined then used', () => {
  it.each([
    ["alias ll='rm -rf src'; ll", SRC],
    ["alias ll='rm -rf'; ll src", SRC],
    ["alias g='git push --force'; g origin main", PUSH],
    ['f(){ rm -rf src; }; f', SRC],
    ['function f { rm -rf ~; }; f', HOME],
    ["shopt -s expand_aliases\nalias x='rm -rf ~'\nx", HOME],
  ])('%s', expectAsInner);

  it.each(["alias ll='ls -la'; ll", "alias gs='git status'; gs", 'f(){ echo hi; }; f', "alias rm='rm -i'"])(
    'stays quiet for %s',
    expectQuiet,
  );
});
