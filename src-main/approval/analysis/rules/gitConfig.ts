/**
 * Git settings that make later git commands run a shell command: `!` aliases, core.fsmonitor,
 * core.hooksPath, core.sshCommand, core.pager, diff.external, filters and the like, whether set
 * with `git config` or for one command with `git -c key=value`.
 */
import { gitSubcommand } from './gitSubcommand';
import type { HitSink } from './types';

export interface GitSetting {
  key: string;
  value: string;
}

const CONFIG_VALUED = new Set(['-f', '--file', '--blob', '--type', '--default', '--comment', '--value']);
const CONFIG_READS =
  /^--(?:get|get-all|get-regexp|get-urlmatch|get-color|get-colorbool|unset|unset-all|list|remove-section|rename-section|edit|show-origin|show-scope|name-only)$|^-[le]$/;

/** Settings a `git` command line sets: `-c key=value` before the subcommand, and `git config key value`. */
export function gitSettings(args: readonly string[]): GitSetting[] {
  const found: GitSetting[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (!a.startsWith('-')) break;
    const pair = a === '-c' ? (args[++i] ?? '') : a.startsWith('-c') ? a.slice(2) : null;
    if (pair === null) {
      if (a === '-C' || a === '--git-dir' || a === '--work-tree' || a === '--namespace') i++;
      continue;
    }
    const eq = pair.indexOf('=');
    if (eq > 0) found.push({ key: pair.slice(0, eq).toLowerCase(), value: pair.slice(eq + 1) });
  }
  const parsed = gitSubcommand(args);
  if (parsed?.sub !== 'config') return found;
  const operands: string[] = [];
  const rest = parsed.rest;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (CONFIG_READS.test(a)) return found;
    if (CONFIG_VALUED.has(a)) i++;
    else if (!a.startsWith('-') || a === '-') operands.push(a);
  }
  const [first, ...tail] = operands;
  const [key, value] = first === 'set' ? tail : operands;
  if (key !== undefined && value !== undefined && first !== 'get' && first !== 'unset')
    found.push({ key: key.toLowerCase(), value });
  return found;
}

const BOOLEAN = /^(?:true|false|yes|no|on|off|1|0)?$/i;
/** Keys whose value git runs as a shell command (or, for hooksPath and templateDir, a folder of hooks). */
const ALWAYS =
  /^(?:core\.fsmonitor|core\.hookspath|init\.templatedir|diff\.external|diff\..+\.(?:command|textconv)|merge\..+\.driver|filter\..+\.(?:clean|smudge|process)|uploadpack\.packobjectshook|core\.gitproxy|remote\..+\.(?:uploadpack|receivepack)|(?:diff|merge)tool\..+\.cmd|sendemail\..+cmd)$/;
/** Keys that name a program to run, where an ordinary one is fine. */
const PROGRAM =
  /^(?:core\.sshcommand|core\.pager|pager\..+|core\.editor|sequence\.editor|core\.askpass|gpg\.program|gpg\..+\.program|interactive\.difffilter|web\.browser|browser\..+\.cmd)$/;
const ORDINARY = new Set([
  'ssh',
  'less',
  'more',
  'most',
  'cat',
  'delta',
  'diff-so-fancy',
  'diff-highlight',
  'bat',
  'vim',
  'vi',
  'nvim',
  'nano',
  'emacs',
  'emacsclient',
  'code',
  'code-insiders',
  'cursor',
  'subl',
  'mate',
  'micro',
  'hx',
  'kak',
  'gedit',
  'kate',
  'gpg',
  'gpg2',
  'gpgsm',
  'ssh-keygen',
  'firefox',
  'xdg-open',
  'open',
]);

/** ssh options that run a local command. */
const SSH_RUNS_COMMAND = /\b(?:ProxyCommand|LocalCommand|KnownHostsCommand|PermitLocalCommand)\b/i;

/** The shell code a setting hands to git to run later, or null when it runs none. */
export function settingCode(s: GitSetting): string | null {
  if (s.key.startsWith('alias.')) return s.value.startsWith('!') ? s.value.slice(1) : null;
  if (s.key === 'credential.helper') return s.value.startsWith('!') ? s.value.slice(1) : null;
  if (s.key === 'core.hookspath') return null;
  if (s.key === 'core.fsmonitor' && BOOLEAN.test(s.value)) return null;
  return ALWAYS.test(s.key) || PROGRAM.test(s.key) ? s.value : null;
}

function programOf(code: string): string {
  const first = code.trim().split(/\s+/)[0] ?? '';
  return first.slice(first.lastIndexOf('/') + 1).toLowerCase();
}

export function gitConfigExec(args: readonly string[], out: HitSink): void {
  for (const s of gitSettings(args)) {
    const code = settingCode(s);
    const runs =
      s.key === 'core.hookspath' ||
      (code !== null &&
        (!PROGRAM.test(s.key) || !ORDINARY.has(programOf(code)) || SSH_RUNS_COMMAND.test(code)));
    if (runs) out.hit('git-config-exec', `${s.key}=${s.value}`);
    // Where git fetches and pushes from now on, or another file's settings pulled in.
    else if (/^url\..+\.(?:push)?insteadof$|^include\.path$|^includeif\..+\.path$/.test(s.key))
      out.hit('tool-config-exec', `git ${s.key}=${s.value}`);
  }
}
