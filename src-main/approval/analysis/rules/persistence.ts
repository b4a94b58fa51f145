/**
 * Persistence: anything that makes code run later on its own, after the command has ended —
 * enabled services and agents, autostart entries, scheduled jobs, git hooks and config, direnv
 * files, and package tools told to use another shell or index from now on. Shell start-up files
 * and crontab are judged by the config rules.
 */
import type { Rule } from '../verdict';
import { canonicalPath } from '../paths';
import { isDynamic } from '../words';
import type { CommandView, DetectorTable, HitSink } from './types';
import { firstOperand, hasFlag, splitOptions } from './types';
import { SYSTEMCTL_VALUED } from './services';

export const persistenceRules: Rule[] = [
  {
    key: 'autostart-write',
    category: 'persistence',
    description: 'Adds or changes something started at login or boot (autostart, LaunchAgents, user units)',
    // A file that runs code later: a yes covers this write, never the next one.
    askEveryTime: true,
  },
  {
    key: 'service-enable',
    category: 'persistence',
    description:
      'Enables or loads a service or agent so it starts on its own (systemctl enable, launchctl load)',
  },
  {
    key: 'scheduled-job',
    category: 'persistence',
    description: 'Schedules a command to run later (at, batch)',
  },
  {
    key: 'git-hook-write',
    category: 'persistence',
    description: 'Writes a git hook or .git/config, which git runs or obeys on later commands',
    // A file that runs code later: a yes covers this write, never the next one.
    askEveryTime: true,
  },
  {
    key: 'envrc-write',
    category: 'persistence',
    description: 'Writes an .envrc that direnv runs on entering the folder',
    // A file that runs code later: a yes covers this write, never the next one.
    askEveryTime: true,
  },
  {
    key: 'python-startup-write',
    category: 'persistence',
    description: 'Writes a .pth or sitecustomize file that Python runs on every start',
    // A file that runs code later: a yes covers this write, never the next one.
    askEveryTime: true,
  },
  {
    key: 'auto-run-trust',
    category: 'persistence',
    description: "Trusts a folder's code to run on its own from now on (direnv allow, mise trust)",
  },
  {
    key: 'startup-file-write',
    category: 'persistence',
    description:
      'Writes a file an editor, shell tool or the desktop runs code from when it starts or opens a file (.vimrc, init.el, .gdbinit, .desktop launchers)',
    // A file that runs code later: a yes covers this write, never the next one.
    askEveryTime: true,
  },
  {
    key: 'path-program-write',
    category: 'persistence',
    description:
      'Puts a program into a folder on the PATH (~/.local/bin, ~/bin), where later commands run it',
  },
  {
    key: 'tool-config-exec',
    category: 'persistence',
    description: 'Changes the shell, registry or index a package tool uses from now on',
  },
];

const AUTOSTART =
  /(?:^|\/)(?:\.config\/(?:autostart|systemd\/user|environment\.d|fish\/conf\.d)|\.local\/share\/systemd\/user|Library\/Launch(?:Agents|Daemons)|\.xprofile$|\.xinitrc$|\.xsessionrc$|\.pam_environment$)(?:\/|$)/i;
/**
 * Files in the home folder that tools run code from: editors' start-up files and plugin folders,
 * debuggers' and REPLs' init files, tmux's config, IPython's and Jupyter's start-up code, and the
 * desktop's launchers and the table of which launcher opens which file.
 */
const STARTUP_FILES =
  /^(?:~|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/(?:\.g?vimrc|\.exrc|\.vim|\.config\/nvim|\.emacs(?:\.el)?|\.emacs\.d|\.config\/emacs|\.local\/share\/applications|\.config\/mimeapps\.list|\.tmux\.conf|\.config\/tmux|\.screenrc|\.gdbinit|\.config\/gdb|\.lldbinit|\.psqlrc|\.irbrc|\.pryrc|\.ipython\/profile_[^/]+\/startup|\.jupyter)(?:\/|$)/i;
/** Python imports `import` lines of site-packages/*.pth and runs sitecustomize on every start. */
const PYTHON_STARTUP = /(?:^|\/)(?:site|dist)-packages\/[^/]+\.pth$|(?:^|\/)(?:site|user)customize\.py$/;
const GIT_HOOK = /(?:^|\/)\.git\/(?:modules\/.+\/)?(?:hooks(?:\/|$)|config$)/;
/** Package tools' own config files: the index, registry or shell every later install uses. */
const TOOL_CONFIG =
  /(?:^|\/)(?:pip\/pip\.(?:conf|ini)|\.pip\/pip\.conf|pip\.conf|\.condarc|\.gemrc|gemrc|\.cargo\/config(?:\.toml)?|uv\/uv\.toml|\.bunfig\.toml|\.pydistutils\.cfg|\.m2\/settings\.xml|\.gradle\/(?:gradle\.properties|init\.d\/.*)|\.config\/(?:pnpm\/rc|composer\/config\.json))$/;

/** The persistence rule a write to `raw` triggers, or null. */
export function persistenceWriteKey(raw: string): string | null {
  const p = canonicalPath(raw);
  if (AUTOSTART.test(p)) return 'autostart-write';
  if (STARTUP_FILES.test(p)) return 'startup-file-write';
  if (GIT_HOOK.test(p)) return 'git-hook-write';
  if (/(?:^|\/)\.envrc$/.test(p)) return 'envrc-write';
  if (PYTHON_STARTUP.test(p)) return 'python-startup-write';
  // `> "$(python3 -c 'import site; …')/x.pth"`: a .pth into a folder known only at run time.
  if (/\.pth$/.test(p) && isDynamic(p.slice(0, p.lastIndexOf('/') + 1))) return 'python-startup-write';
  if (/^(?:~|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/(?:\.local\/bin|bin)(?:\/|$)/.test(p))
    return 'path-program-write';
  // A project's own `.cargo/config.toml` or `pip.conf` is still read by every later build there.
  if (TOOL_CONFIG.test(p) && (p.startsWith('~') || p.startsWith('/'))) return 'tool-config-exec';
  return null;
}

const ENABLE_VERBS = new Set([
  'enable',
  'reenable',
  'link',
  'preset',
  'preset-all',
  'add-wants',
  'add-requires',
  'edit',
  'set-property',
  'unmask',
]);

function systemctl(cmd: CommandView, out: HitSink): void {
  const verb = firstOperand(cmd.args, SYSTEMCTL_VALUED)?.value;
  if (verb !== undefined && ENABLE_VERBS.has(verb))
    out.hit('service-enable', `${cmd.name} ${cmd.args.join(' ')}`);
}

function launchctl(cmd: CommandView, out: HitSink): void {
  if (['load', 'bootstrap', 'enable', 'submit'].includes(cmd.args[0] ?? ''))
    out.hit('service-enable', `launchctl ${cmd.args.join(' ')}`);
}

function at(cmd: CommandView, out: HitSink): void {
  if (cmd.name === 'at' && hasFlag(cmd.args, 'lrdcV', ['list', 'remove', 'version'])) return;
  out.hit('scheduled-job', `${cmd.name} ${cmd.args.join(' ')}`.trim());
}

/** npm/pnpm/yarn settings that choose what runs scripts or where packages come from. */
const JS_EXEC_KEYS =
  /^(?:script-shell|shell|git|editor|node-options|registry|@[^:]+:registry|ignore-scripts|init-module|onload-script|userconfig|globalconfig|npmregistryserver|npmscopes\..*)$/i;

function jsConfig(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  const setIdx = operands[0] === 'config' ? 1 : 0;
  if (operands[setIdx] !== 'set') return;
  for (const pair of operands.slice(setIdx + 1)) {
    const key = pair.split('=')[0] ?? '';
    if (JS_EXEC_KEYS.test(key)) {
      out.hit('tool-config-exec', `${cmd.name} ${cmd.args.join(' ')}`);
      return;
    }
  }
}

function pipConfig(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  if (
    operands[0] === 'config' &&
    operands[1] === 'set' &&
    /index-url|trusted-host|find-links/i.test(operands[2] ?? '')
  )
    out.hit('tool-config-exec', `${cmd.name} ${cmd.args.join(' ')}`);
}

function gemSources(cmd: CommandView, out: HitSink): void {
  if (cmd.args[0] === 'sources' && hasFlag(cmd.args, 'a', ['add']))
    out.hit('tool-config-exec', `gem ${cmd.args.join(' ')}`);
}

/** `loginctl enable-linger`, SysV `update-rc.d`/`chkconfig`/`rc-update`, macOS login hooks and items. */
function bootStart(cmd: CommandView, out: HitSink): void {
  const ops = splitOptions(cmd.args).operands;
  const starts =
    (cmd.name === 'loginctl' && ops[0] === 'enable-linger') ||
    (cmd.name === 'update-rc.d' && ops.some((o) => o === 'defaults' || o === 'enable')) ||
    (cmd.name === 'chkconfig' && (ops.includes('on') || cmd.args.includes('--add'))) ||
    (cmd.name === 'rc-update' && ops[0] === 'add');
  if (starts) out.hit('service-enable', `${cmd.name} ${cmd.args.join(' ')}`);
  if (cmd.name === 'defaults' && ops[0] === 'write' && ops.some((o) => /^(?:LoginHook|LogoutHook)$/i.test(o)))
    out.hit('autostart-write', `defaults ${cmd.args.join(' ')}`);
  // AppleScript's `make login item` adds an app started at every login.
  if (cmd.name === 'osascript' && cmd.args.some((a) => /\bmake\b[^\n]{0,40}\blogin item\b/i.test(a)))
    out.hit('autostart-write', 'osascript: make login item');
}

function trust(cmd: CommandView, out: HitSink): void {
  const verb = splitOptions(cmd.args).operands[0];
  if (
    (cmd.name === 'direnv' && (verb === 'allow' || verb === 'permit')) ||
    (cmd.name === 'mise' && verb === 'trust')
  )
    out.hit('auto-run-trust', `${cmd.name} ${cmd.args.join(' ')}`);
}

export const persistenceDetectors: DetectorTable = [
  [['loginctl', 'update-rc.d', 'chkconfig', 'rc-update', 'defaults', 'osascript'], bootStart],
  [['direnv', 'mise'], trust],
  [['systemctl'], systemctl],
  [['launchctl'], launchctl],
  [['at', 'batch'], at],
  [['npm', 'pnpm', 'yarn'], jsConfig],
  [['pip', 'pip3'], pipConfig],
  [['gem'], gemSources],
];
