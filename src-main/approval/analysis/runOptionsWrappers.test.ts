/**
 * Launchers that run the command line after their own options, shell built-ins that run code or
 * rebind a command's name, and debuggers given a program: each judged as the command it runs.
 * Written before the readers they test.
 */
import { describe, it } from 'vitest';
import { expectAsInner, expectQuiet, HOME, PUSH, SRC } from './testing/verdictExpect';

describe('launchers and built-ins that run a command', () => {
  it.each([
    ['dbus-run-session -- rm -rf src', SRC],
    ['dbus-launch --exit-with-session rm -rf ~', HOME],
    ['daemonize -c /tmp /bin/rm -rf ~', HOME],
    ['systemd-inhibit --why=backup rm -rf src', SRC],
    ['proot -0 -b /dev rm -rf src', SRC],
    ['bwrap --bind / / --dev /dev rm -rf ~', HOME],
    ['bwrap --ro-bind /usr /usr --bind "$PWD" "$PWD" git push --force origin main', PUSH],
    ['nsenter -t 1234 -m rm -rf src', SRC],
    ['ip netns exec lab rm -rf ~', HOME],
    ['rlwrap -H hist rm -rf src', SRC],
    ['torify git push --force origin main', PUSH],
    ['sem -j 2 rm -rf src', SRC],
    ['tsp rm -rf ~', HOME],
    ['chronic rm -rf src', SRC],
    ['ifne -n rm -rf src', SRC],
    ['setpriv --reuid 1000 --init-groups rm -rf ~', HOME],
    ['ltrace -f rm -rf src', SRC],
    ['gdb -batch -ex run --args rm -rf src', SRC],
    ["mapfile -C 'rm -rf src' -c 1 lines < list.txt", SRC],
    ['readarray -c 1 -C "rm -rf ~" arr < list.txt', HOME],
    ["complete -C 'rm -rf src' ls", SRC],
    ['bind -x \'"\\C-x": rm -rf ~\'', HOME],
    ['hash -p /bin/rm ls; ls -rf src', SRC],
  ])('%s', expectAsInner);

  it.each([
    'dbus-run-session -- gnome-shell --version',
    'systemd-inhibit --what=sleep make -j4',
    'bwrap --ro-bind / / --dev /dev ls',
    'nsenter -t 1234 -n ip addr',
    'ip netns exec lab ping -c1 10.0.0.1',
    'ip netns list',
    'chronic make test',
    'gdb -batch -ex run --args ./app --port 8080',
    'mapfile -t lines < list.txt',
    'complete -F _git git',
    'hash -r',
    'hash -p /usr/local/bin/python3 python; python --version',
  ])('stays quiet for %s', expectQuiet);
});
