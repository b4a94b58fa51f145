/**
 * More ways bytes leave the machine: secret variables in what a sender transmits, object-store
 * and sync tools given a credential store, and tunnels that open this machine to another.
 */
import { resolvePath } from '../paths';
import { isSecretPath } from './secrets';
import type { CommandView, HitSink } from './types';

/** Variables that by name hold a credential. */
const SECRET_NAME = /TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL/i;
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

export function storeUpload(cmd: CommandView, out: HitSink): void {
  const secret = cmd.args.find((a) => !a.startsWith('-') && isSecretPath(resolvePath(cmd.cwd, a)));
  if (secret) out.hit('secret-exfiltration', `${cmd.name} copies ${secret}`);
}

/** Tunnel clients that publish a local port on another machine or the internet. */
export const TUNNELS = new Set(['ngrok', 'cloudflared', 'lt', 'localtunnel', 'bore', 'frpc', 'chisel']);

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
            : cmd.args.length > 0 || cmd.name === 'frpc';
  if (opens) out.hit('reverse-tunnel', `${cmd.name} ${cmd.args.join(' ')}`);
}
