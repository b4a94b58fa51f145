/** What a path argument means for safety: a protected directory, a device, a config file. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { SYSTEM_TOP, plainlyUnprotected } from './plainPath';
import { DYN, expandBraces, isDynamic } from './words';

const SYSTEM_SECOND = new Set([
  '/usr/bin',
  '/usr/sbin',
  '/usr/lib',
  '/usr/local',
  '/usr/share',
  '/var/lib',
  '/system/library',
  '/private/etc',
  '/private/var',
]);
const HOME_PARENTS = new Set(['home', 'users']);

function hasGlob(s: string): boolean {
  return s.includes('*') || s.includes('?') || s.includes('[');
}

/**
 * Already clean: no empty, `.` or `..` segments and no trailing slash. One pass over the
 * characters: seven searches of the text cost more on the short paths of thousands of deletes.
 */
function isCanonical(p: string): boolean {
  if (p === '/' || p === '.') return true;
  const n = p.length;
  if (n === 0) return false;
  let from = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && p.charCodeAt(i) !== 0x2f) continue;
    const length = i - from;
    // Only an absolute path's leading segment is empty.
    if (length === 0 ? from > 0 : p.charCodeAt(from) === 0x2e && dotSegment(p, from, length)) return false;
    from = i + 1;
  }
  return true;
}

/** Whether the segment at `from`, starting with a dot, is `.` or `..`. */
function dotSegment(p: string, from: number, length: number): boolean {
  return length === 1 || (length === 2 && p.charCodeAt(from + 1) === 0x2e);
}

/** Lexical clean-up: `//`, `.` and `..` segments, trailing slashes. `~` stays as written. */
export function canonicalPath(p: string): string {
  if (isCanonical(p)) return p;
  const absolute = p.startsWith('/');
  const out: string[] = [];
  const parts = p.split('/');
  for (let i = 0; i < parts.length; i++) {
    const seg = parts[i] ?? '';
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      const last = out[out.length - 1];
      if (last !== undefined && last !== '..' && !(i > 0 && out.length === 1 && last.startsWith('~')))
        out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(seg);
  }
  if (absolute) return '/' + out.join('/');
  return out.length === 0 ? '.' : out.join('/');
}

/** A path as seen from `cwd` (when known); absolute and home paths stay as they are. */
export function resolvePath(cwd: string | null | undefined, p: string): string {
  if (!cwd || p.startsWith('/') || p.startsWith('~') || isDynamic(p)) return p;
  return canonicalPath(`${cwd}/${p}`);
}

/**
 * Why this operand, as seen from `cwd`, names a protected target, or null. The shell expands
 * `{a,b}` into separate words before anything runs, so each alternative is resolved on its own:
 * `{/etc,x}` names `/etc`, not `cwd/{/etc,x}`.
 */
export function protectedAt(cwd: string | null | undefined, raw: string): string | null {
  if (!raw.includes('{')) return protectedTarget(resolvePath(cwd, raw));
  for (const alt of expandBraces(raw)) {
    const why = protectedTarget(resolvePath(cwd, alt));
    if (why) return why;
  }
  return null;
}

/** Why deleting this path recursively can never be allowed, or null. */
export function protectedTarget(raw: string): string | null {
  if (plainlyUnprotected(raw) || isDynamic(raw)) return null;
  for (const p of expandBraces(raw)) {
    const why = protectedOne(p);
    if (why) return why;
  }
  return null;
}

/** Lower-cased first component of an absolute path. */
function topComponent(p: string): string {
  const slash = p.indexOf('/', 1);
  return (slash === -1 ? p.slice(1) : p.slice(1, slash)).toLowerCase();
}

function protectedOne(raw: string): string | null {
  if (!raw.startsWith('~') && !raw.startsWith('/')) return null;
  const p = canonicalPath(raw);
  if (p.startsWith('/') && p !== '/') {
    const top = topComponent(p);
    if (!SYSTEM_TOP.has(top) && !hasGlob(top)) return null;
  }
  const segs = p.split('/');
  if (p.startsWith('~')) {
    const rest = segs.slice(1);
    if (rest[0] === '..') return 'the directory above home';
    if (rest.length === 0 || (rest.length === 1 && hasGlob(rest[0] ?? ''))) return 'the home directory';
    return null;
  }
  if (!p.startsWith('/')) return null;
  if (p === '/') return 'the root directory';
  const top = (segs[1] ?? '').toLowerCase();
  const isTop = SYSTEM_TOP.has(top) || hasGlob(top);
  if (segs.length === 2) return isTop ? `the system directory ${p}` : null;
  const second = segs.slice(0, 3).join('/').toLowerCase();
  if (segs.length === 3) {
    if (isTop && hasGlob(segs[2] ?? '')) return `everything in ${segs.slice(0, 2).join('/')}`;
    if (SYSTEM_SECOND.has(second)) return `the system directory ${p}`;
    if (HOME_PARENTS.has(top) || top === 'root') return `the home directory ${p}`;
  }
  if (segs.length === 4 && HOME_PARENTS.has(top) && hasGlob(segs[3] ?? ''))
    return `the home directory ${second}`;
  if (segs.length === 4 && SYSTEM_SECOND.has(second) && hasGlob(segs[3] ?? ''))
    return `everything in ${second}`;
  return null;
}

const SAFE_DEVICES =
  /^\/dev\/(?:null|zero|full|random|urandom|stdin|stdout|stderr|tty\w*|pts\/.*|fd\/.*|ptmx|shm\/.*|mqueue\/.*|tcp\/.*|udp\/.*|console|log|kmsg|cu\.\S*)$/;
const BLOCK_DEVICES =
  /^\/dev\/(?:[shv]d[a-z]+\d*|xvd[a-z]+\d*|nvme\d+(?:n\d+)?(?:p\d+)?|mmcblk\d+(?:p\d+)?|r?disk\d+(?:s\d+){0,3}|md\d+|dm-\d+|mapper\/.+|loop\d+|sr\d+|mem|kmem|port|disk\/.+|root)$/;

export type DeviceKind = 'block' | 'other' | null;

/** Whether a path is a device node worth worrying about when written. */
export function deviceKind(raw: string): DeviceKind {
  if (isDynamic(raw)) return raw.startsWith('/dev/') ? 'block' : null;
  const p = canonicalPath(raw);
  if (!p.startsWith('/dev/')) return null;
  if (SAFE_DEVICES.test(p)) return null;
  return BLOCK_DEVICES.test(p) || hasGlob(p) ? 'block' : 'other';
}

const RC_FILES = new Set([
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  // Debian's and Ubuntu's .bashrc sources it.
  '.bash_aliases',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.zlogout',
  '.cshrc',
  '.tcshrc',
  '.kshrc',
  '.mkshrc',
  '.inputrc',
  'config.fish',
]);
const CREDENTIAL_FILES = new Set([
  '.netrc',
  '_netrc',
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  '.pypirc',
  '.git-credentials',
  '.pgpass',
  '.my.cnf',
  '.s3cfg',
  '.dockercfg',
  '.gitconfig',
]);
const CREDENTIAL_DIRS = [
  '.aws/',
  '.docker/config.json',
  '.kube/config',
  '.gnupg/',
  '.config/gh/',
  '.config/gcloud/',
  '.azure/',
];
const CREDENTIAL_DIRS_INNER = CREDENTIAL_DIRS.map((d) => '/' + d);
/** First components of absolute paths that hold system configuration. */
const CONFIG_TOPS = new Set([
  'etc',
  'boot',
  'bin',
  'sbin',
  'lib',
  'lib32',
  'lib64',
  'system',
  'library',
  'private',
  'var',
  'usr',
  'proc',
  'sys',
]);
const SYSTEM_CONFIG =
  /^\/(?:etc|boot|bin|sbin|lib|lib32|lib64|system|library|private\/etc|var\/spool\/cron|proc\/sys|sys|usr\/local\/s?bin|usr\/(?!local(?:\/|$))[^/]+)(?:\/|$)/i;

/** Config paths are absolute system paths, dot-files and dot-directories, or one of a few names. */
function mayBeConfig(raw: string): boolean {
  return (
    raw.startsWith('/') ||
    raw.startsWith('.') ||
    raw.startsWith('~') ||
    raw.includes('/.') ||
    raw.endsWith('config.fish') ||
    raw.endsWith('_netrc') ||
    raw.includes(DYN)
  );
}

/** Where this process's own config.yaml lives, wherever $CADUCEUS_HOME points. */
const ownConfigPaths = new Set<string>();
/** What `$CADUCEUS_HOME` reads as in a command: the real config home (`~/…` when under home). */
let ownHomeText = '~/.caduceus';

export function ownHome(): string {
  return ownHomeText;
}

/** Makes `$CADUCEUS_HOME` mean this process's config home, and protects its config.yaml. */
export function protectOwnHome(home: string): void {
  const absolute = resolve(home);
  const user = homedir();
  ownHomeText = absolute.startsWith(`${user}/`) ? `~${absolute.slice(user.length)}` : absolute;
  protectOwnConfig([join(absolute, 'config.yaml'), join(ownHomeText, 'config.yaml')]);
}

/** Protects the running app's config.yaml by its real path, not only by its usual name. */
export function protectOwnConfig(paths: readonly string[]): void {
  for (const path of paths) ownConfigPaths.add(canonicalPath(path).toLowerCase());
}

/** Lower-case letters, digits and `_-+.@,:%`: what a path needs no case folding or unescaping for. */
const LOWER_PATH_CHAR = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789_-+.@,:%') LOWER_PATH_CHAR[c.charCodeAt(0)] = 1;

/** The last top component looked up by plainNonConfig and whether it is a CONFIG_TOP. */
let lastConfigTop = '';
let lastConfigTopIs = false;

/**
 * An absolute path already canonical and lower-case, with no dot-segment, outside the config
 * tops and not named like an rc file: no config write, known without a copy (a long chain of
 * `rm -rf /tmp/x-1 …` checks each of thousands of distinct paths). The same answer as the full
 * check below; anything else goes there.
 */
function plainNonConfig(raw: string): boolean {
  const n = raw.length;
  if (n < 2 || raw.charCodeAt(0) !== 0x2f || raw.charCodeAt(n - 1) === 0x2f) return false;
  let top = 0;
  for (let i = 1; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x2f) {
      // `//` and any segment starting with `.` (`.`, `..`, dot-files) take the full check.
      if (raw.charCodeAt(i - 1) === 0x2f) return false;
      if (top === 0) top = i;
    } else if (c >= 128 || LOWER_PATH_CHAR[c] === 0 || (c === 0x2e && raw.charCodeAt(i - 1) === 0x2f))
      return false;
  }
  if (top === 0) top = n;
  if (top - 1 !== lastConfigTop.length || !raw.startsWith(lastConfigTop, 1)) {
    lastConfigTop = raw.slice(1, top);
    lastConfigTopIs = CONFIG_TOPS.has(lastConfigTop);
  }
  if (lastConfigTopIs) return false;
  return (
    !raw.endsWith('config.fish') &&
    !raw.endsWith('_netrc') &&
    !raw.endsWith('caduceus/config.yaml') &&
    !ownConfigPaths.has(raw)
  );
}

/** The config-write rule a write to this path triggers, or null. */
export function configWriteKey(raw: string): string | null {
  if (!mayBeConfig(raw) || plainNonConfig(raw)) return null;
  const p = canonicalPath(raw.includes(DYN) ? raw.split(DYN).join('x') : raw);
  const lower = p.toLowerCase();
  if (ownConfigPaths.has(lower)) return 'caduceus-config-write';
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  const plainAbsolute =
    lower.startsWith('/') && !CONFIG_TOPS.has(topComponent(lower)) && !lower.includes('/.');
  if (plainAbsolute && !RC_FILES.has(base) && base !== '_netrc' && !lower.endsWith('caduceus/config.yaml'))
    return null;
  if (/^\/etc\/sudoers(?:\.d(?:\/|$)|$)/.test(lower)) return 'sudoers-write';
  if (lower === '.ssh' || lower.startsWith('.ssh/') || lower.includes('/.ssh/') || lower.endsWith('/.ssh'))
    return 'ssh-config-write';
  if (/(?:^|\/)\.?caduceus\/config\.ya?ml$/.test(lower)) return 'caduceus-config-write';
  if (RC_FILES.has(base)) return 'shell-rc-write';
  if (
    CREDENTIAL_FILES.has(base) ||
    CREDENTIAL_DIRS.some((d) => lower.startsWith(d)) ||
    CREDENTIAL_DIRS_INNER.some((d) => lower.includes(d))
  )
    return 'credential-write';
  if (SYSTEM_CONFIG.test(lower)) return 'system-config-write';
  return null;
}
