/**
 * More commands that run the command line after their own options: test harnesses, namespace,
 * sandbox and resource tools, session and D-Bus launchers, file watchers, daemon starters, job
 * queues and terminal multiplexers.
 */
import type { OptionSpec } from './options';
import { hasOption, optionValue, parseOptions } from './options';
import type { Out, Wrapper } from './wrapperTypes';
import type { ArgWord } from './words';

function after(spec: OptionSpec, skipOperands = 0): Wrapper {
  return (words) => {
    const next = parseOptions(words, 1, spec).next + skipOperands;
    return next < words.length ? words.slice(next) : null;
  };
}

function codeOf(w: ArgWord | undefined, out: Out): null {
  if (w) out.nested.push({ kind: 'code', text: w.value, words: [w] });
  return null;
}

/** `entr [-acdnprz] cmd …`, or `entr -s 'shell code'`. */
const entr: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, {});
  const rest = words.slice(p.next);
  if (hasOption(p, '-s')) return codeOf(rest[0], out);
  return rest.length > 0 ? rest : null;
};

/** `watchexec [options] [--] cmd …`: the command runs through a shell on every change. */
const watchexec: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, {
    short: 'wWefFidsEop',
    long: [
      'watch',
      'watch-non-recursive',
      'exts',
      'filter',
      'filter-file',
      'ignore',
      'ignore-file',
      'debounce',
      'signal',
      'stop-signal',
      'stop-timeout',
      'env',
      'on-busy-update',
      'shell',
      'workdir',
      'project-origin',
      'delay-run',
      'poll',
      'emit-events-to',
      'timeout',
    ],
  });
  const rest = words.slice(p.next);
  if (rest.length > 0)
    out.nested.push({ kind: 'code', text: rest.map((w) => w.value).join(' '), words: rest });
  return null;
};

/** `start-stop-daemon --start --exec PATH [--startas PATH] -- ARGS`. */
const startStopDaemon: Wrapper = (words) => {
  const p = parseOptions(words, 1, {
    short: 'xanpuicgrNPkIRsd',
    long: [
      'exec',
      'startas',
      'name',
      'pidfile',
      'user',
      'chuid',
      'group',
      'chroot',
      'chdir',
      'nicelevel',
      'procsched',
      'iosched',
      'signal',
      'retry',
      'umask',
      'output',
      'make-pidfile',
    ],
  });
  if (!hasOption(p, '-S', '--start')) return null;
  const program = optionValue(p, '-a', '--startas') ?? optionValue(p, '-x', '--exec');
  return program ? [program, ...words.slice(p.next)] : null;
};

/** `screen -dmS name cmd …` runs a command; `screen -X stuff 'text'` types into a window. */
const screen: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, { short: 'SceshptTl' });
  const rest = words.slice(p.next);
  if (hasOption(p, '-X')) return rest[0]?.value === 'stuff' ? codeOf(rest[1], out) : null;
  return rest.length > 0 ? rest : null;
};

/** bwrap's options that take two values (`--bind SRC DEST`); most others take one. */
const BWRAP_TWO = new Set([
  '--bind',
  '--bind-try',
  '--ro-bind',
  '--ro-bind-try',
  '--dev-bind',
  '--dev-bind-try',
  '--symlink',
  '--setenv',
  '--file',
  '--bind-data',
  '--ro-bind-data',
  '--chmod',
]);
const BWRAP_FLAGS = new Set([
  '--unshare-all',
  '--share-net',
  '--unshare-user',
  '--unshare-user-try',
  '--unshare-ipc',
  '--unshare-pid',
  '--unshare-net',
  '--unshare-uts',
  '--unshare-cgroup',
  '--unshare-cgroup-try',
  '--clearenv',
  '--new-session',
  '--die-with-parent',
  '--as-pid-1',
  '--disable-userns',
  '--assert-userns-disabled',
  '--level-prefix',
  '--help',
  '--version',
]);

/** `bwrap [--opt v…]… cmd …`: what runs inside sees whatever the binds give it (`--bind / /`). */
const bwrap: Wrapper = (words) => {
  let i = 1;
  while (i < words.length) {
    const a = words[i]?.value ?? '';
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('--')) break;
    i += BWRAP_FLAGS.has(a) ? 1 : BWRAP_TWO.has(a) ? 3 : 2;
  }
  return i < words.length ? words.slice(i) : null;
};

export const RUNNERS: ReadonlyArray<readonly [string, Wrapper]> = [
  [
    'xvfb-run',
    after({
      short: 'nefpsw',
      long: ['server-num', 'error-file', 'auth-file', 'xauth-protocol', 'server-args', 'wait'],
    }),
  ],
  ['fakeroot', after({ short: 'lsib', long: ['lib', 'faked'] })],
  ['unshare', after({ short: 'SGwR', long: ['setuid', 'setgid', 'wd', 'root', 'propagation'] })],
  ['valgrind', after({})],
  ['prlimit', after({ short: 'p', long: ['pid', 'output'] })],
  [
    'numactl',
    after({ short: 'NmCpi', long: ['cpunodebind', 'membind', 'physcpubind', 'preferred', 'interleave'] }),
  ],
  ['cgexec', after({ short: 'g' })],
  ['faketime', after({}, 1)],
  ['entr', entr],
  ['watchexec', watchexec],
  ['start-stop-daemon', startStopDaemon],
  ['bwrap', bwrap],
  ['dbus-run-session', after({ long: ['config-file', 'dbus-daemon'] })],
  ['dbus-launch', after({})],
  ['daemonize', after({ short: 'ceoplu' })],
  ['systemd-inhibit', after({ long: ['what', 'who', 'why', 'mode'] })],
  [
    'proot',
    after({ short: 'rRbwqkiS', long: ['rootfs', 'bind', 'mount', 'cwd', 'pwd', 'qemu', 'kernel-release'] }),
  ],
  ['rlwrap', after({ short: 'bfHlpPsStwzCeoq' })],
  ['torify', after({})],
  ['sem', after({ short: 'j', long: ['id', 'jobs', 'semaphorename', 'timeout', 'semaphoretimeout'] })],
  ['tsp', after({ short: 'LDNEW' })],
  ['chronic', after({})],
  ['ifne', after({})],
  [
    'setpriv',
    after({
      long: [
        'reuid',
        'regid',
        'ruid',
        'euid',
        'rgid',
        'egid',
        'groups',
        'inh-caps',
        'ambient-caps',
        'bounding-set',
        'securebits',
        'pdeathsig',
        'selinux-label',
        'apparmor-profile',
        'landlock-access',
        'landlock-rule',
      ],
    }),
  ],
  ['screen', screen],
];
