/**
 * Peels wrappers off a command (sudo, env, timeout, xargs, …) to find what really runs, and
 * collects the code other commands carry: `sh -c` strings, `eval`, `find -exec`, `ssh host cmd`.
 */
import { env } from './envWrapper';
import type { OptionSpec, ParsedOptions } from './options';
import { hasOption, optionValue, parseOptions } from './options';
import type { ArgWord } from './words';
import { DYN, commandName, isDynamic, syntheticWord, wordValues } from './words';
import { RUNNERS } from './runners';
import type { Out, Unwrapped, Wrapper } from './wrapperTypes';
import { isProjectScript } from './rules/rootRuns';

export type { Nested, Out, Unwrapped, Wrapper } from './wrapperTypes';

function simple(spec: OptionSpec, skipOperands = 0): Wrapper {
  return (words) => {
    const next = parseOptions(words, 1, spec).next + skipOperands;
    return next < words.length ? words.slice(next) : null;
  };
}

function codeFrom(words: ArgWord[], out: Out): null {
  if (words.length > 0) out.nested.push({ kind: 'code', text: words.map((w) => w.value).join(' '), words });
  return null;
}

const sudo: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, {
    short: 'ugCDhprtTUR',
    long: [
      'user',
      'group',
      'close-from',
      'chdir',
      'host',
      'prompt',
      'role',
      'type',
      'command-timeout',
      'other-user',
      'chroot',
    ],
  });
  if (hasOption(p, '-S', '--stdin'))
    out.hits.push({ key: 'sudo-password-stdin', detail: `${words[0]?.value ?? 'sudo'} -S` });
  const rest = words.slice(p.next);
  if (hasOption(p, '-e', '--edit')) return [syntheticWord('sudoedit'), ...rest];
  const first = rest[0]?.value ?? '';
  if (isProjectScript(first))
    out.hits.push({ key: 'root-build', detail: `${words[0]?.value ?? 'sudo'} ${first}` });
  if (rest.length > 0) return rest;
  // `sudo -i` / `sudo -s` with no command start a shell that reads stdin.
  return hasOption(p, '-i', '-s', '--login', '--shell') ? [syntheticWord('sh')] : null;
};

const command: Wrapper = (words) => {
  const p = parseOptions(words, 1, {});
  if (hasOption(p, '-v', '-V')) return null;
  return p.next < words.length ? words.slice(p.next) : null;
};

/** Arguments xargs reads from stdin: the words of known text, else one unknown. */
function stdinArgs(stdin: string | null): ArgWord[] {
  if (stdin === null || isDynamic(stdin)) return [syntheticWord(DYN)];
  return stdin
    .split(/\s+/)
    .filter((v) => v !== '')
    .slice(0, 64)
    .map((v) => syntheticWord(v));
}

const xargs: Wrapper = (words, _out, stdin) => {
  const p = parseOptions(words, 1, {
    short: 'aEdILnPs',
    long: [
      'arg-file',
      'delimiter',
      'eof',
      'replace',
      'max-lines',
      'max-args',
      'max-procs',
      'max-chars',
      'process-slot-var',
    ],
  });
  const rest = p.next < words.length ? words.slice(p.next) : [syntheticWord('echo')];
  const replace = replaceString(p);
  if (replace === null)
    return [...rest, ...(optionValue(p, '-a', '--arg-file') ? [syntheticWord(DYN)] : stdinArgs(stdin))];
  // With -I each input line replaces the marker; a known first line stands for all of them.
  const line =
    stdin !== null && !isDynamic(stdin)
      ? (stdin
          .split('\n')
          .find((l) => l.trim() !== '')
          ?.trim() ?? DYN)
      : DYN;
  return rest.map((w) =>
    w.value.includes(replace) ? { ...w, value: w.value.split(replace).join(line) } : w,
  );
};

function replaceString(p: ParsedOptions): string | null {
  const explicit = optionValue(p, '-I', '--replace');
  if (explicit) return explicit.value;
  return p.seen.some((o) => o.name === '-i' || o.name.startsWith('--replace')) ? '{}' : null;
}

const SU_OPTIONS: OptionSpec = {
  short: 'cgGsuw',
  long: ['command', 'group', 'supp-group', 'shell', 'user', 'whitelist-environment', 'session-command'],
};

const su: Wrapper = (words, out) => {
  const before = parseOptions(words, 1, SU_OPTIONS);
  // Options may also follow the user name: `su root -c CMD`.
  let next = before.next;
  while (words[next]?.value === '-') next++;
  const after = parseOptions(words, next + 1, SU_OPTIONS);
  const code =
    optionValue(before, '-c', '--command', '--session-command') ??
    optionValue(after, '-c', '--command', '--session-command');
  if (code) {
    // The code runs in a shell as that user, root by default: judged as code and as a root shell.
    out.hits.push({ key: 'root-shell', detail: `${words[0]?.value ?? 'su'} -c: shell code as another user` });
    return codeFrom([code], out);
  }
  // runuser -u USER -- cmd …: the words after the user run as a command.
  const rest = words.slice(before.next);
  if (optionValue(before, '-u', '--user') && rest.length > 0) return rest;
  // A bare su starts a shell that reads stdin.
  return [syntheticWord('sh')];
};

const scriptCmd: Wrapper = (words, out) => {
  const code = optionValue(
    parseOptions(words, 1, {
      short: 'cEIOBT',
      long: ['command', 'echo', 'log-in', 'log-out', 'log-io', 'log-timing'],
    }),
    '-c',
    '--command',
  );
  return code ? codeFrom([code], out) : null;
};

const flock: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, { short: 'wEc', long: ['timeout', 'conflict-exit-code', 'command'] });
  const code = optionValue(p, '-c', '--command');
  if (code) return codeFrom([code], out);
  const after = parseOptions(words, p.next + 1, {
    short: 'wEc',
    long: ['timeout', 'conflict-exit-code', 'command'],
  });
  const code2 = optionValue(after, '-c', '--command');
  if (code2) return codeFrom([code2], out);
  return after.next < words.length ? words.slice(after.next) : null;
};

const watch: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, { short: 'nq', long: ['interval', 'equexit'] });
  const rest = words.slice(p.next);
  if (hasOption(p, '-x', '--exec')) return rest.length > 0 ? rest : null;
  return codeFrom(rest, out);
};

/**
 * strace and ltrace run the command after their options; `-o '|cmd'` or `-o '!cmd'` pipes the
 * trace into a command, and `-p PID` attaches to a process already running.
 */
const tracer =
  (spec: OptionSpec): Wrapper =>
  (words, out) => {
    const p = parseOptions(words, 1, spec);
    const file = optionValue(p, '-o', '--output');
    if (file && /^[|!]/.test(file.value)) codeFrom([{ ...file, value: file.value.slice(1) }], out);
    const pid = optionValue(p, '-p', '--attach');
    if (pid)
      out.hits.push({ key: 'process-attach', detail: `${words[0]?.value ?? 'strace'} -p ${pid.value}` });
    return p.next < words.length ? words.slice(p.next) : null;
  };

const ssh: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, { short: 'BbcDEeFIiJLlmOoPpQRSWw' });
  // `-o ProxyCommand=…` and `-o LocalCommand=…` run on this machine.
  for (const o of p.seen) {
    const m =
      o.name === '-o' && o.value ? /^(?:ProxyCommand|LocalCommand)[=\s]\s*(.*)$/is.exec(o.value.value) : null;
    if (m?.[1] && o.value) out.nested.push({ kind: 'code', text: m[1], words: [o.value] });
    // `-R port:host:port` opens a port on the other machine that leads back into this one.
    if (o.name === '-R') out.hits.push({ key: 'reverse-tunnel', detail: `ssh -R ${o.value?.value ?? ''}` });
    // `-D port`: a SOCKS proxy here that carries any program's traffic out through the other machine.
    if (o.name === '-D') out.hits.push({ key: 'proxy-tunnel', detail: `ssh -D ${o.value?.value ?? ''}` });
  }
  return codeFrom(words.slice(p.next + 1), out);
};

/** `autossh -M PORT [ssh options] host`: ssh kept alive, with ssh's options after its own. */
const autossh: Wrapper = (words, out, stdin) => {
  const monitor = words.findIndex((w) => w.value === '-M');
  return ssh(monitor > 0 ? [...words.slice(0, monitor), ...words.slice(monitor + 2)] : words, out, stdin);
};

const BRACKET = /^[{(]$/;

/** `coproc cmd …` and `coproc [NAME] { …; }`: the command runs in the background. */
const coproc: Wrapper = (words) => {
  let rest = words.slice(1);
  if (rest.length >= 2 && BRACKET.test(rest[1]?.value ?? '')) rest = rest.slice(1);
  if (BRACKET.test(rest[0]?.value ?? '')) rest = rest.slice(1);
  while (rest.length > 0 && /^[})]$/.test(rest[rest.length - 1]?.value ?? '')) rest = rest.slice(0, -1);
  return rest.length > 0 ? rest : null;
};

/** `systemd-run [options] cmd …` runs the command now or, with a timer option, later. */
const SYSTEMD_RUN: OptionSpec = {
  short: 'upEHMC',
  long: [
    'unit',
    'property',
    'description',
    'slice',
    'setenv',
    'host',
    'machine',
    'capsule',
    'uid',
    'gid',
    'nice',
    'working-directory',
    'service-type',
    'on-active',
    'on-boot',
    'on-startup',
    'on-unit-active',
    'on-unit-inactive',
    'on-calendar',
    'timer-property',
    'path-property',
    'socket-property',
    'json',
    'background',
  ],
};

/** `systemd-run --on-calendar=… cmd` leaves a timer that runs the command again and again. */
const systemdRun: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, SYSTEMD_RUN);
  const timer = p.seen.find((o) => /^--on-/.test(o.name));
  if (timer) out.hits.push({ key: 'scheduled-job', detail: `systemd-run ${timer.name}` });
  return p.next < words.length ? words.slice(p.next) : null;
};

/**
 * `nsenter -t PID [-m -u -i -n -p] [cmd …]` runs the command (a shell without one) in another
 * process's namespaces; those of PID 1, or all of them, are the host's own.
 */
const nsenter: Wrapper = (words, out) => {
  const p = parseOptions(words, 1, { short: 'tSG', long: ['target', 'setuid', 'setgid'] });
  const target = optionValue(p, '-t', '--target')?.value;
  if (target === '1' || hasOption(p, '-a', '--all'))
    out.hits.push({
      key: 'container-host-access',
      detail: `nsenter ${wordValues(words.slice(1)).join(' ')}`,
    });
  return p.next < words.length ? words.slice(p.next) : [syntheticWord('sh')];
};

const busybox: Wrapper = (words) => (words.length > 1 ? words.slice(1) : null);

const WRAPPERS = new Map<string, Wrapper>([
  ...RUNNERS,
  ['sudo', sudo],
  ['doas', simple({ short: 'uC' })],
  ['pkexec', simple({ long: ['user'] })],
  [
    'run0',
    simple({
      short: 'uDg',
      long: ['user', 'chdir', 'group', 'setenv', 'unit', 'property', 'description', 'slice', 'nice'],
    }),
  ],
  ['systemd-run', systemdRun],
  ['env', env],
  ['nice', simple({ short: 'n', long: ['adjustment'] })],
  ['ionice', simple({ short: 'cnpPu', long: ['class', 'classdata', 'pid', 'pgid', 'uid'] })],
  ['nohup', simple({})],
  ['time', simple({ short: 'fo', long: ['format', 'output'] })],
  ['timeout', simple({ short: 'sk', long: ['signal', 'kill-after'] }, 1)],
  ['stdbuf', simple({ short: 'ioe', long: ['input', 'output', 'error'] })],
  ['setsid', simple({})],
  ['unbuffer', simple({})],
  // `dtach -n SOCKET cmd`: the command runs detached, behind a socket to attach to later.
  ['dtach', simple({ short: 'aAcnNer' })],
  ['caffeinate', simple({ short: 'tw' })],
  ['chroot', simple({ long: ['userspec', 'groups'] }, 1)],
  ['taskset', simple({}, 1)],
  ['chrt', simple({ short: 'TPD', long: ['sched-runtime', 'sched-period', 'sched-deadline'] }, 1)],
  ['strace', tracer({ short: 'abeEIoOpPsSuUX', long: ['output', 'attach', 'trace', 'signal', 'user'] })],
  ['ltrace', tracer({ short: 'aAeFlnopsuxX', long: ['output'] })],
  ['nsenter', nsenter],
  ['torsocks', simple({ short: 'uPadp' })],
  ['proxychains', simple({ short: 'f' })],
  ['proxychains4', simple({ short: 'f' })],
  ['firejail', simple({})],
  ['catchsegv', simple({})],
  ['command', command],
  ['builtin', simple({})],
  ['exec', simple({ short: 'a' })],
  ['xargs', xargs],
  ['busybox', busybox],
  ['toybox', busybox],
  ['coproc', coproc],
  ['su', su],
  ['runuser', su],
  [
    'sg',
    (words, out) =>
      codeFrom(
        words.slice(2).filter((w) => w.value !== '-c'),
        out,
      ),
  ],
  ['script', scriptCmd],
  ['flock', flock],
  ['watch', watch],
  ['ssh', ssh],
  ['autossh', autossh],
  ['npx', (words, out) => runsPackage(words, 1, out)],
  ['bunx', simple({ short: 'p', long: ['package'] })],
  ['pnpx', simple({})],
]);

/** `npm exec -- cmd`, `pnpm dlx cmd`, `yarn exec cmd`: package runners that wrap only in these forms. */
const PACKAGE_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const RUN_VERBS = new Set(['exec', 'x', 'dlx']);

/**
 * The package's command, or the shell command line given with `-c`/`--call` (`npx -c 'cmd'`,
 * `npm exec -c 'cmd'`) or as one spaced word (`yarn exec 'rm -rf dist'`).
 */
function runsPackage(words: ArgWord[], from: number, out: Out): ArgWord[] | null {
  const p = parseOptions(words, from, { short: 'pc', long: ['package', 'call', 'workspace'] });
  const call = optionValue(p, '-c', '--call');
  if (call) return codeFrom([call], out);
  const rest = words.slice(p.next);
  if (rest.length === 1 && /\s/.test(rest[0]?.value ?? '')) return codeFrom(rest, out);
  return rest.length > 0 ? rest : null;
}

const packageRunner: Wrapper = (words, out) => runsPackage(words, 2, out);

/** `ip netns exec NAME cmd …`. */
const ipNetnsExec: Wrapper = (words) => (words.length > 4 ? words.slice(4) : null);

function wrapperFor(name: string, words: readonly ArgWord[]): Wrapper | undefined {
  if (PACKAGE_RUNNERS.has(name)) return RUN_VERBS.has(words[1]?.value ?? '') ? packageRunner : undefined;
  if (name === 'ip')
    return words[1]?.value === 'netns' && words[2]?.value === 'exec' ? ipNetnsExec : undefined;
  return WRAPPERS.get(name);
}

export function isWrapper(name: string): boolean {
  return WRAPPERS.has(name);
}

const NONE = Object.freeze({
  via: Object.freeze([]) as unknown as string[],
  nested: Object.freeze([]) as unknown as Unwrapped['nested'],
  hits: Object.freeze([]) as unknown as Unwrapped['hits'],
  assigned: Object.freeze([]) as unknown as Unwrapped['assigned'],
});

/** Follows wrappers to the command that runs; bounded by the number of words. */
export function unwrap(argv: ArgWord[], stdin: string | null = null): Unwrapped {
  // Most commands have no wrapper: they share one frozen empty result's lists.
  if (!wrapperFor(commandName(argv[0]?.value ?? ''), argv))
    return { argv, via: NONE.via, nested: NONE.nested, hits: NONE.hits, assigned: NONE.assigned };
  const out: Out = { nested: [], hits: [], assigned: [] };
  const via: string[] = [];
  let words = argv;
  while (words.length > 0 && via.length < 32) {
    const name = commandName(words[0]?.value ?? '');
    const wrapper = wrapperFor(name, words);
    if (!wrapper) break;
    via.push(name);
    const inner = wrapper(words, out, stdin);
    if (inner === null || inner.length === 0) return { ...out, argv: [], via };
    words = inner;
  }
  return { ...out, argv: words, via };
}
