/** Which paths and commands yield secrets: the read policy's credential stores, and the environment. */
import { HOME_SECRETS } from '../../../config/secretStores';
import { canonicalPath } from '../paths';
import type { ArgWord } from '../words';
import { DYN } from '../words';

const HOME_PREFIX = /^(?:~|\/home\/[^/]+|\/Users\/[^/]+|\/root)(?:\/|$)/;
const SYSTEM_SECRETS = /^\/etc\/(?:shadow|gshadow|sudoers|ssh\/ssh_host_[^/]*_key)$|^\/proc\/[^/]+\/environ$/;
/** Project secrets: dotenv files (not their templates), private keys, Terraform state (it holds secrets in clear). */
const PROJECT_SECRETS =
  /(?:^|\/)\.env(?:\.(?!example|sample|template|dist)[\w.-]+)?$|\.(?:pem|p12|pfx|key)$|(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)$|\.tfstate(?:\.backup)?$/;

/** Whether reading `raw` reads a credential store, a private key or another process's environment. */
export function isSecretPath(raw: string): boolean {
  if (raw === '' || raw.includes(DYN)) return false;
  const p = canonicalPath(raw.replace(/^\$HOME(?=\/|$)/, '~'));
  if (p.endsWith('.pub')) return false;
  if (SYSTEM_SECRETS.test(p) || PROJECT_SECRETS.test(p)) return true;
  const m = HOME_PREFIX.exec(p);
  if (!m) return false;
  const rel = p.slice(m[0].length);
  return HOME_SECRETS.some((s) => rel === s || rel.startsWith(`${s}/`));
}

/** Variables that by name hold a credential. */
export const SECRET_NAME = /TOKEN|SECRET|PASSW(?:OR)?D|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL/i;

/** Commands that print the environment, or read another process's. */
export const ENV_DUMPERS = new Set(['printenv', 'env', 'set', 'export', 'declare', 'typeset', 'compgen']);

/** `printenv`, `env`, `export -p`, `declare -x`: the whole environment printed, tokens and all. */
export function dumpsEnvironment(name: string, args: readonly string[]): boolean {
  if (!ENV_DUMPERS.has(name)) return false;
  if (name === 'printenv') return args.length === 0;
  return args.length === 0 || /^-[px]$/.test(args[0] ?? '');
}

/**
 * The same, for a command the walker gives no view of: bare `env` (which unwraps to nothing), and
 * the declaration built-ins `export -p`, `declare -x`, `typeset`.
 */
export function dumpsEnvironmentText(text: string): boolean {
  return /^\s*(?:\S*\/)?(?:env(?:\s+-[0i]{1,3})?|(?:export|declare|typeset|readonly)(?:\s+-[px])?)\s*$/.test(
    text,
  );
}

/**
 * `$(env)`, `` `printenv` ``, `$(env | base64)`, `$(cat ~/.aws/credentials)`: a word whose value
 * is a secret, or an encoding of one.
 */
export function secretInWord(w: ArgWord): string | null {
  if (/\$\(\s*(?:env|printenv|set|export\s+-p)\s*[)|]|`\s*(?:env|printenv)\s*[`|]/.test(w.raw))
    return 'the environment';
  if (w.runs.includes('printenv')) return 'the environment';
  if (w.runs.some((r) => CLIPBOARD_READERS.has(r))) return 'the clipboard';
  const path =
    /(?:~|\$HOME|\$\{HOME\}|\/home\/[^/\s]+|\/Users\/[^/\s]+|\/root|\/etc|\/proc\/\w+)\/[^\s"')`;|&]+/.exec(
      w.raw,
    );
  const found = path?.[0]?.replace(/^\$\{HOME\}/, '~');
  return found !== undefined && w.runs.length > 0 && isSecretPath(found) ? found : null;
}

/**
 * `docker inspect`, `docker exec C env`, `kubectl exec POD -- env`: a container's environment on stdout, where its passwords
 * and keys are passed in.
 */
const CONTAINER_ENV =
  /^(?:(?:container )?inspect|exec \S+ (?:env|printenv)$|exec \S+ cat \/proc\/\S+\/environ$)/;

/** Subcommand paths that print a credential on stdout. */
const PRINTS_SECRET = new Map<string, RegExp>(
  Object.entries({
    gh: /^auth token\b/,
    aws: /^(?:configure (?:get|export-credentials)|sts (?:get-session-token|assume-role)|ecr get-login-password|secretsmanager get-secret-value|ssm get-parameters?(?:-by-path)?)\b/,
    gcloud:
      /^(?:auth (?:print-access-token|print-identity-token|application-default print-access-token)|secrets versions access)\b/,
    az: /^(?:account get-access-token|keyvault (?:secret|key|certificate) (?:show|download))\b/,
    kubectl: /^(?:config view\b.*--raw\b|get (?:secrets?\b|secrets?\/))/,
    vault: /^(?:read|kv get)\b/,
    op: /^(?:read|item get)\b/,
    security: /^(?:find-(?:generic|internet)-password|dump-keychain)\b/,
    pass: /^(?!(?:ls|list|find|search|init|git|generate|insert|edit|rm|mv|cp|grep)\b)\S/,
    // Desktop keyrings and password managers.
    'secret-tool': /^lookup\b/,
    'kwallet-query': /\S/,
    bw: /^get (?:password|item|totp|notes)\b/,
    lpass: /^show\b/,
    heroku: /^(?:auth:token|config(?::get)?)(?:\s|$)/,
    terraform: /^output\b/,
    tofu: /^output\b/,
    doppler: /^secrets(?:\s+(?:get|download))?(?:\s|$)/,
  }),
);

/** Clipboard readers, where passwords and tokens are often left: these print it whatever their options. */
const CLIPBOARD_READERS = new Set(['pbpaste', 'wl-paste']);
/** Clipboard tools that print it only with one of these options. */
const CLIPBOARD_OUT = new Map<string, RegExp>(
  Object.entries({ xclip: /^-o(?:ut)?$/, xsel: /^(?:-\w*o\w*|--output)$/ }),
);
/** Database dumpers, and the option that sends their dump to a file instead of stdout. */
const DUMPERS = new Map<string, RegExp>(
  Object.entries({
    mysqldump: /^(?:-r|--result-file)(?:=|$)/,
    'mariadb-dump': /^(?:-r|--result-file)(?:=|$)/,
    pg_dump: /^(?:-f|--file)(?:=|$)/,
    pg_dumpall: /^(?:-f|--file)(?:=|$)/,
  }),
);

/**
 * What a command that prints private data puts on stdout, or null: a credential (`gh auth
 * token`, `gpg --export-secret-keys`), the clipboard, or a database dump.
 */
export function secretOutputOf(name: string, args: readonly string[]): string | null {
  // BSD-style `ps e` (no dash) adds each process's environment to its line.
  if (name === 'ps' && args.some((a) => /^[a-zA-Z]*e[a-zA-Z]*$/.test(a) && !a.startsWith('-')))
    return "every process's environment";
  const out = CLIPBOARD_OUT.get(name);
  if (CLIPBOARD_READERS.has(name) || (out && args.some((a) => out.test(a)))) return 'the clipboard';
  const toFile = DUMPERS.get(name);
  if (toFile && !args.some((a) => toFile.test(a))) return `a database dump (${name})`;
  if (CONTAINER_ENV_TOOLS.has(name) && CONTAINER_ENV.test(commandWords(args)))
    return `a container's environment (${name} ${args.slice(0, 2).join(' ')})`;
  return credentialOutputOf(name, args);
}

const CONTAINER_ENV_TOOLS = new Set(['docker', 'podman', 'nerdctl', 'kubectl', 'oc']);

function commandWords(args: readonly string[]): string {
  return args.filter((a) => !a.startsWith('-') || a === '--raw').join(' ');
}

/** A credential a command prints (`gh auth token`, `gpg --export-secret-keys`), or null. */
export function credentialOutputOf(name: string, args: readonly string[]): string | null {
  if ((name === 'gpg' || name === 'gpg2') && args.some((a) => /^--export-secret-(?:sub)?keys\b/.test(a)))
    return 'secret keys';
  const re = PRINTS_SECRET.get(name);
  return re?.test(commandWords(args)) ? `credentials from ${name} ${args.slice(0, 2).join(' ')}` : null;
}
