/** Which paths and commands yield secrets: the read policy's credential stores, and the environment. */
import { HOME_SECRETS } from '../../../config/secretStores';
import { canonicalPath } from '../paths';
import type { ArgWord } from '../words';
import { DYN } from '../words';

const HOME_PREFIX = /^(?:~|\/home\/[^/]+|\/Users\/[^/]+|\/root)(?:\/|$)/;
const SYSTEM_SECRETS = /^\/etc\/(?:shadow|gshadow|sudoers|ssh\/ssh_host_[^/]*_key)$|^\/proc\/[^/]+\/environ$/;
/** Project secrets: dotenv files (not their templates) and private keys. */
const PROJECT_SECRETS =
  /(?:^|\/)\.env(?:\.(?!example|sample|template|dist)[\w.-]+)?$|\.(?:pem|p12|pfx|key)$|(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)$/;

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

/** Commands that print the environment, or read another process's. */
export const ENV_DUMPERS = new Set(['printenv', 'env', 'set', 'export', 'declare', 'typeset', 'compgen']);

/** `$(env)`, `` `printenv` ``, `$(cat ~/.aws/credentials)`: a word whose value is a secret. */
export function secretInWord(w: ArgWord): string | null {
  if (/\$\(\s*(?:env|printenv|set|export\s+-p)\s*\)|`\s*(?:env|printenv)\s*`/.test(w.raw))
    return 'the environment';
  if (w.runs.includes('printenv')) return 'the environment';
  const path =
    /(?:~|\$HOME|\$\{HOME\}|\/home\/[^/\s]+|\/Users\/[^/\s]+|\/root|\/etc|\/proc\/\w+)\/[^\s"')`;|&]+/.exec(
      w.raw,
    );
  const found = path?.[0]?.replace(/^\$\{HOME\}/, '~');
  return found !== undefined && w.runs.length > 0 && isSecretPath(found) ? found : null;
}
