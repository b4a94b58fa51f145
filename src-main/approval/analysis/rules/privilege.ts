/**
 * Privilege and system: root shells, reaching the host from a container or namespace, kernel
 * modules, mounts, swap, security modules switched off, system packages removed. Kernel
 * settings and firewalls are judged by the config rules.
 */
import type { Rule } from '../verdict';
import { protectedTarget } from '../paths';
import type { CommandView, DetectorTable, HitSink } from './types';
import { firstOperand, hasFlag, optionValues, splitOptions } from './types';
import { isSecretPath } from './secrets';
import { elevatorIn } from '../elevation';

export const privilegeRules: Rule[] = [
  {
    key: 'root-shell',
    category: 'privilege',
    description: 'Opens a shell as another user or root (sudo -s, su, pkexec)',
  },
  {
    key: 'container-host-access',
    category: 'privilege',
    description:
      "Gives a container or process the host's root, devices or namespaces (--privileged, -v /:/…, nsenter -t 1)",
  },
  { key: 'kernel-module', category: 'privilege', description: 'Loads or unloads a kernel module' },
  { key: 'mount-change', category: 'privilege', description: 'Mounts, unmounts or remounts file systems' },
  { key: 'swap-change', category: 'privilege', description: 'Turns swap space off or on' },
  {
    key: 'security-off',
    category: 'privilege',
    description: 'Switches off a security module (SELinux, AppArmor, SIP, Gatekeeper)',
  },
  { key: 'system-package-remove', category: 'privilege', description: 'Removes system packages' },
];

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'tcsh', 'csh', 'su']);

/**
 * A shell reached through sudo, su, doas or pkexec: with no code an open root session; with `-c`
 * code that runs as root, whatever it is (the code itself is judged as well).
 */
function rootShell(cmd: CommandView, out: HitSink): void {
  const by = elevatorIn(cmd.via);
  if (!by) return;
  const code = cmd.args.some((a) => /^-[a-z]*c/i.test(a));
  out.hit('root-shell', code ? `${by} ${cmd.name} -c: shell code as root` : `${by} ${cmd.name}`);
}

const DOCKER_VALUED = new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level']);
const HOST_NAMESPACES = ['pid', 'ipc', 'uts', 'userns', 'cgroupns'];
const DANGEROUS_CAPS = /^(?:all|sys_admin|sys_module|sys_ptrace|sys_rawio|dac_read_search)$/i;

/** Why a `-v SRC:DST` or `--mount …,source=SRC` exposes the host, or null. */
function hostMount(spec: string): string | null {
  const src = /(?:^|,)(?:source|src)=([^,]+)/.exec(spec)?.[1] ?? spec.split(':')[0] ?? '';
  if (/docker\.sock$|podman\.sock$|containerd\.sock$/.test(src)) return `the container socket ${src}`;
  return protectedTarget(src) ?? (isSecretPath(src) ? src : null);
}

/** A namespace shared with the host (`--pid=host` or `--pid host`; ipc, uts, userns, cgroupns alike), as `--pid=host`. */
function hostNamespace(args: readonly string[]): string | null {
  const ns = HOST_NAMESPACES.find((n) => optionValues(args, null, [n]).includes('host'));
  return ns === undefined ? null : `--${ns}=host`;
}

function containerRun(cmd: CommandView, out: HitSink): void {
  const first = firstOperand(cmd.args, DOCKER_VALUED);
  if (!first) return;
  const rest = cmd.args.slice(first.index + 1);
  const verb = first.value === 'container' ? rest.find((a) => !a.startsWith('-')) : first.value;
  if (verb !== 'run' && verb !== 'create' && verb !== 'exec') return;
  const text = `${cmd.name} ${cmd.args.join(' ')}`;
  const caps = optionValues(rest, null, ['cap-add']);
  const security = optionValues(rest, null, ['security-opt']);
  const mounts = [...optionValues(rest, 'v', ['volume']), ...optionValues(rest, null, ['mount'])];
  const devices = optionValues(rest, null, ['device']);
  const why =
    (rest.includes('--privileged') && 'privileged') ||
    hostNamespace(rest) ||
    caps.find((c) => DANGEROUS_CAPS.test(c)) ||
    security.find((s) => /unconfined|disable/.test(s)) ||
    devices.find((d) => /^\/dev\/(?:sd|nvme|vd|xvd|mem|kmem|disk)/.test(d)) ||
    mounts.map(hostMount).find((m) => m !== null);
  if (why) out.hit('container-host-access', `${text} (${why})`);
}

/** `lxc|incus config set C security.privileged true` (or nesting): the container's root is the host's. */
function systemContainer(cmd: CommandView, out: HitSink): void {
  const words = splitOptions(cmd.args).operands.join(' ');
  if (/^config set \S+ security\.(?:privileged|nesting)(?:=|\s+)(?:true|1)\b/.test(words))
    out.hit('container-host-access', `${cmd.name} ${cmd.args.join(' ')}`);
}

function kernelModule(cmd: CommandView, out: HitSink): void {
  if (
    cmd.name === 'modprobe' &&
    hasFlag(cmd.args, 'nc', ['dry-run', 'show-depends', 'showconfig', 'show-config'])
  )
    return;
  out.hit('kernel-module', `${cmd.name} ${cmd.args.join(' ')}`.trim());
}

function mount(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  const listing =
    cmd.name === 'mount' &&
    operands.length === 0 &&
    !cmd.args.some((a) => /^-\w*[aoB]|^--(?:all|bind|move|options)/.test(a));
  if (!listing) out.hit('mount-change', `${cmd.name} ${cmd.args.join(' ')}`.trim());
}

function swap(cmd: CommandView, out: HitSink): void {
  if (cmd.name === 'swapon' && hasFlag(cmd.args, 'sh', ['show', 'summary', 'help'])) return;
  out.hit('swap-change', `${cmd.name} ${cmd.args.join(' ')}`.trim());
}

function securityOff(cmd: CommandView, out: HitSink): void {
  const text = `${cmd.name} ${cmd.args.join(' ')}`.trim();
  const off =
    (cmd.name === 'setenforce' && /^(?:0|permissive)$/i.test(cmd.args[0] ?? '')) ||
    cmd.name === 'aa-disable' ||
    cmd.name === 'aa-teardown' ||
    cmd.name === 'aa-complain' ||
    (cmd.name === 'csrutil' && cmd.args[0] === 'disable') ||
    (cmd.name === 'spctl' && cmd.args.some((a) => /^--(?:master|global)-disable$/.test(a)));
  if (off) out.hit('security-off', text);
}

const REMOVE_VERBS = new Map<string, readonly string[]>(
  Object.entries({
    apt: ['remove', 'purge', 'autoremove'],
    'apt-get': ['remove', 'purge', 'autoremove'],
    aptitude: ['remove', 'purge'],
    dnf: ['remove', 'erase', 'autoremove'],
    yum: ['remove', 'erase', 'autoremove'],
    microdnf: ['remove'],
    zypper: ['rm', 'remove'],
    apk: ['del'],
    snap: ['remove'],
    flatpak: ['uninstall', 'remove'],
    brew: ['uninstall', 'remove', 'rm'],
    port: ['uninstall'],
  }),
);

/** Language package managers: removing as root takes packages out of the system's own folders. */
const LANGUAGE_REMOVERS = new Set(['pip', 'pip3', 'npm', 'gem', 'pipx', 'uv']);
const elevated = (cmd: CommandView): boolean =>
  cmd.via.some((w) => ['sudo', 'doas', 'pkexec', 'run0', 'su'].includes(w));

function packageRemove(cmd: CommandView, out: HitSink): void {
  const text = `${cmd.name} ${cmd.args.join(' ')}`;
  const verb = splitOptions(cmd.args).operands[0] ?? '';
  const removes =
    (REMOVE_VERBS.get(cmd.name) ?? []).includes(verb) ||
    (cmd.name === 'pacman' && cmd.args.some((a) => /^-R/.test(a) || a === '--remove')) ||
    (cmd.name === 'rpm' && cmd.args.some((a) => /^-e/.test(a) || a === '--erase')) ||
    (cmd.name === 'dpkg' && cmd.args.some((a) => /^-[rP]$/.test(a) || a === '--remove' || a === '--purge'));
  if (removes && !cmd.args.some((a) => a === '-s' || a === '--simulate' || a === '--dry-run'))
    out.hit('system-package-remove', text);
  // `sudo pip uninstall`, `sudo npm uninstall -g`: packages the system's own tools may need.
  else if (LANGUAGE_REMOVERS.has(cmd.name) && ['uninstall', 'remove', 'rm'].includes(verb) && elevated(cmd))
    out.hit('system-package-remove', text);
}

export const privilegeDetectors: DetectorTable = [
  [[...SHELLS], rootShell],
  [['docker', 'podman', 'nerdctl'], containerRun],
  [['lxc', 'incus'], systemContainer],
  [['insmod', 'rmmod', 'modprobe'], kernelModule],
  [['mount', 'umount', 'remount'], mount],
  [['swapoff', 'swapon'], swap],
  [['setenforce', 'aa-disable', 'aa-teardown', 'aa-complain', 'csrutil', 'spctl'], securityOff],
  [['pacman', 'rpm', 'dpkg', ...REMOVE_VERBS.keys(), ...LANGUAGE_REMOVERS], packageRemove],
];
