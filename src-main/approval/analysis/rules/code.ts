/**
 * Code handed to an interpreter on the command line or on stdin (`python -c`, `node -e`,
 * `perl -e`, `ruby -e`, `php -r`, `python3 - <<EOF`): deletes, kills, writes outside the
 * workspace, downloaded code and reverse shells. Shell commands inside it are analysed by the
 * walker (see embedded.ts).
 */
import { protectedTarget, resolvePath } from '../paths';
import type { Rule } from '../verdict';
import { cwdInWorkspace, outsideWorkspace } from '../workspace';
import { writeTarget } from './disk';
import { confinedOutput } from './buildOutputs';
import { isSecretPath } from './secrets';
import { environmentRead } from './codeEnvironment';
import type { CodeLanguage } from './codePatterns';
import { argsAt } from './callArgs';
import { codeEmptiedFile } from './codeEmptied';
import { killsEverything } from './codeKill';
import { projectFile } from './emptiedFiles';
import { LANGUAGE_LABEL, PATTERNS } from './codePatterns';
import type { HitSink } from './types';

export type { CodeLanguage } from './codePatterns';

export const codeRules: Rule[] = [
  {
    key: 'code-delete-tree',
    category: 'filesystem',
    description: 'Runs interpreter code that deletes a directory tree',
  },
  { key: 'code-delete', category: 'filesystem', description: 'Runs interpreter code that deletes files' },
  { key: 'code-kill', category: 'services', description: 'Runs interpreter code that kills processes' },
  {
    key: 'code-reverse-shell',
    category: 'remote-code',
    description: 'Runs interpreter code that hands a shell to a network connection',
  },
];

const FAMILY = new Map<string, CodeLanguage>(
  Object.entries({
    python: 'python',
    node: 'node',
    tsx: 'node',
    'ts-node': 'node',
    bun: 'node',
    deno: 'node',
    perl: 'perl',
    ruby: 'ruby',
    irb: 'ruby',
    php: 'php',
    rscript: 'r',
    r: 'r',
    julia: 'julia',
  }),
);

/** The language a command's code is written in, for the commands this module reads. */
export function codeLanguage(name: string): CodeLanguage | null {
  return FAMILY.get(name) ?? null;
}

export interface CodePlace {
  cwd: string | null;
  workspace: string | null;
  /** An earlier `cd` may have left the workspace: relative paths then prove nothing. */
  cwdLeft?: boolean;
}

const MAX_CODE = 64 * 1024;
const LITERAL = /(['"`])([^'"`\n]{0,500})\1/g;
const MODE = /^[rwaxbtU+]{1,4}$/;
const PERL_MODE = /^\s*(?:\+?[<>]|>>|\|)\s*/;

function clipCall(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 60 ? `${one.slice(0, 57)}…` : one;
}

function literals(args: string): string[] {
  LITERAL.lastIndex = 0;
  const found: string[] = [];
  for (let m = LITERAL.exec(args); m && found.length < 8; m = LITERAL.exec(args)) found.push(m[2] ?? '');
  return found;
}

/** Paths a write call names, or null when its mode says it only reads. */
function writtenPaths(language: CodeLanguage, args: string, withMode: boolean): string[] | null {
  const lits = literals(args);
  if (language === 'perl') {
    const i = lits.findIndex((l) => PERL_MODE.test(l) && !/^\s*</.test(l));
    if (i < 0) return null;
    const rest = (lits[i] ?? '').replace(PERL_MODE, '');
    return rest !== '' ? [rest] : lits.slice(i + 1, i + 2);
  }
  if (withMode && !lits.some((l) => MODE.test(l) && /[waxc+]/.test(l))) return null;
  return lits.filter((l) => !MODE.test(l));
}

/** A global copy of each pattern, made once; its lastIndex is reset before each use. */
const GLOBAL = new Map<RegExp, RegExp>();

function globalOf(re: RegExp): RegExp {
  let g = GLOBAL.get(re);
  if (!g) GLOBAL.set(re, (g = new RegExp(re.source, 'g')));
  g.lastIndex = 0;
  return g;
}

function checkWrites(
  language: CodeLanguage,
  code: string,
  re: RegExp,
  withMode: boolean,
  place: CodePlace,
  out: HitSink,
): void {
  const label = LANGUAGE_LABEL[language];
  const g = globalOf(re);
  let seen = 0;
  for (let m = g.exec(code); m && seen < 16; m = g.exec(code), seen++) {
    if (m[0] === '') g.lastIndex++;
    const args = argsAt(code, m.index + m[0].length);
    const paths = writtenPaths(language, args, withMode);
    if (paths === null) continue;
    const call = clipCall(code.slice(m.index, m.index + m[0].length + args.length + 1));
    if (PATTERNS[language].home.test(args))
      out.hit('write-outside-workspace', `${label} code writes in the home directory: ${call}`);
    for (const p of paths) {
      if (outsideWorkspace(p, place.cwd, place.workspace))
        out.hit('write-outside-workspace', `${label} code writes ${p}: ${call}`);
      out.changes?.(resolvePath(place.cwd, p));
      writeTarget(p, out);
    }
  }
}

/** An endless loop in any of the one-liner languages, or Perl's and Ruby's `… while 1` modifier. */
const ENDLESS =
  /\bwhile\s*(?:\(\s*)?(?:True|true|1|!0)\b|\bfor\s*\(\s*;\s*;\s*\)|\bloop\s*(?:do\b|\{)|\buntil\s*(?:\(\s*)?(?:0|false)\b|\biter\s*\(\s*(?:int\s*,\s*1|lambda\b)|\b(?:itertools\.)?count\s*\(\s*\)|\brepeat\s*\(\s*\)/g;
/** Starts a process without waiting for it. */
const FORK = /\b(?:os\.fork|fork|pcntl_fork|forkpty|spawn|Popen)\s*(?:\(|\b(?!\s*=))/;
const FORK_WINDOW = 120;
/** A loop that waits, sleeps or can end is bounded, as in the shell's loop rule. */
const PACED = /\b(?:sleep|usleep|wait|waitpid|join|communicate|break|return|exit|last)\b/;

/** `perl -e 'fork while 1'`, `python -c 'while True: os.fork()'`: code that forks without end. */
function forksForever(text: string): boolean {
  ENDLESS.lastIndex = 0;
  let seen = 0;
  for (let m = ENDLESS.exec(text); m && seen < 16; m = ENDLESS.exec(text), seen++) {
    const around = text.slice(Math.max(0, m.index - FORK_WINDOW), m.index + m[0].length + FORK_WINDOW);
    if (FORK.test(around) && !PACED.test(around)) return true;
  }
  return false;
}

/** Calls that turn encoded text back into text: base64, hex, zlib, rot13, uuencode. */
const DECODES =
  /\b(?:b64decode|b32decode|b85decode|a85decode|urlsafe_b64decode|decodebytes|fromhex|unhexlify|decompress|decode_base64|decode64|base64_decode|base64decode|hex2bin|gzinflate|gzuncompress|str_rot13|atob|rawToChar)\b|\bmarshal\.loads\b|\bcodecs\.decode\b|\bBuffer\.from\s*\([^)\n]{0,400}['"](?:base64|base64url|hex)['"]|\bpack\s*\(?\s*['"][Hhu]|\bunpack1?\s*\(\s*['"]m/;
/** Calls that run code or a command handed to them. */
const RUNS_TEXT =
  /\b(?:exec|eval|compile|system|popen|spawn|execSync|spawnSync|passthru|shell_exec|proc_open|instance_eval|Function|run|include_string)\b/;

/**
 * `exec(b64decode('…'))`, `eval(atob(…))`, `system pack("H*", …)`: code that runs what it decodes,
 * the one-liner form of `base64 -d | sh`. Also code that decodes and runs a command built at run
 * time (`os.system(cmd)` after `cmd = b64decode(…)`).
 */
function runsDecoded(text: string, dynamic: boolean): boolean {
  if (!DECODES.test(text)) return false;
  if (dynamic) return true;
  const g = globalOf(RUNS_TEXT);
  let seen = 0;
  for (let m = g.exec(text); m && seen < 16; m = g.exec(text), seen++)
    if (DECODES.test(argsAt(text, m.index + m[0].length))) return true;
  return false;
}

/** Calls that send bytes to another machine, in any of the one-liner languages. */
const SENDS =
  /\brequests\.(?:post|put|patch)\b|\burlopen\b|\burllib\b|\bhttp\.client\b|\bfetch\s*\(|\baxios\b|\bhttps?\.request\b|\bNet::HTTP\b|\bcurl_exec\b|\bLWP\b|\bHTTP::Tiny\b|\bsocket\b|\bsmtplib\b|\brequire\s*\(\s*['"](?:node:)?(?:https?|net|tls|dgram)['"]/;

/** A credential store or key the code names: `~/.ssh/id_rsa`, `HOME + "/.aws/credentials"`, `.env`. */
function secretLiteral(code: string): string | null {
  LITERAL.lastIndex = 0;
  let seen = 0;
  for (let m = LITERAL.exec(code); m && seen < 64; m = LITERAL.exec(code), seen++) {
    const lit = m[2] ?? '';
    const fromHome = lit.startsWith('/.') ? `~${lit}` : lit.startsWith('.') ? `~/${lit}` : null;
    if (isSecretPath(lit) || (fromHome !== null && isSecretPath(fromHome))) return lit;
  }
  return null;
}

/**
 * `shutil.rmtree("/usr")`, `FileUtils.rm_rf(Dir.home)`: a tree delete whose argument is `/`, a
 * system directory or the home folder itself, like `rm -rf` of it. Only whole literals or a bare
 * home expression count; `Dir.home + "/tmp"` names a folder inside.
 */
function treeOnProtected(language: CodeLanguage, text: string, place: CodePlace): string | null {
  const g = globalOf(PATTERNS[language].tree);
  let seen = 0;
  for (let m = g.exec(text); m && seen < 16; m = g.exec(text), seen++) {
    if (m[0] === '') g.lastIndex++;
    // Options after the path (`{ recursive: true }`) and `require('os')` say nothing of the target.
    const call = (m[0] + argsAt(text, m.index + m[0].length))
      .replace(/,\s*\{[^]*$/, '')
      // R's and Julia's keyword arguments (`recursive=TRUE`, `; force=true`).
      .replace(/[,;]\s*(?:recursive|force)\s*=[^]*$/, '')
      .replace(/\brequire\s*\(\s*['"][^'"\n]{0,40}['"]\s*\)/g, 'mod');
    const tail = call.slice(call.indexOf('(') + 1);
    // `join("/", name)`, `home + "/x"`: a path built from parts names something inside.
    if (/\bjoin\b|[+%,]/.test(tail)) continue;
    const lits = literals(call).filter((l) => !/^\s*$/.test(l) && l !== 'HOME');
    for (const l of lits) {
      const why = protectedTarget(resolvePath(place.cwd, l));
      if (why) return why;
    }
    if (PATTERNS[language].home.test(call) && lits.every((l) => l === '~')) return 'the home directory';
  }
  return null;
}

/** The whole string literal a call's first argument is (`rmtree('build', …)`), or null. */
function firstLiteral(text: string, from: number): string | null {
  const open = text.indexOf('(', from);
  if (open < 0 || open - from > 80) return null;
  // `;` ends Julia's positional arguments (`rm("dist"; recursive=true)`).
  const m = /^\s*(['"`])([^'"`\n$]{1,500})\1\s*[,;)]/.exec(text.slice(open + 1, open + 520));
  return m?.[2] ?? null;
}

/**
 * `shutil.rmtree('build')`, `fs.rmSync('dist', { recursive: true })`: every call `re` matches
 * names a build output inside the workspace, like `rm -rf build dist`. True when none match.
 */
function callsOnOutputs(re: RegExp, text: string, place: CodePlace): boolean {
  const g = globalOf(re);
  let seen = 0;
  for (let m = g.exec(text); m; m = g.exec(text), seen++) {
    if (m[0] === '' || seen >= 16 || place.cwdLeft || !cwdInWorkspace(place.cwd, place.workspace))
      return false;
    const target = firstLiteral(text, m.index);
    if (target === null || !confinedOutput(target)) return false;
  }
  return true;
}

/** Reports what running `code` in `language` would do. */
export function codeHits(language: CodeLanguage, code: string, place: CodePlace, out: HitSink): void {
  // `\n` escapes matter when code runs code (`exec('import os\nos.remove(…)')`).
  const text = (code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code).replace(/\\[nt]/g, '\n');
  const p = PATTERNS[language];
  const label = LANGUAGE_LABEL[language];
  /** The call that matched, with its arguments: `shutil.rmtree('/srv')`, `unlink glob q{*}`. */
  const found = (re: RegExp): string | null => {
    const m = re.exec(text);
    if (!m) return null;
    const end = m.index + m[0].length;
    return clipCall(`${m[0]}${argsAt(text, end)}${m[0].endsWith('(') ? ')' : ''}`);
  };
  const tree = callsOnOutputs(p.tree, text, place) ? null : found(p.tree);
  if (tree) out.hit('code-delete-tree', `${label} ${tree}`);
  const root = tree ? treeOnProtected(language, text, place) : null;
  if (root) out.hit('rm-root', `${label} code deletes ${root}`);
  const remove = tree || callsOnOutputs(p.remove, text, place) ? null : found(p.remove);
  if (remove) out.hit('code-delete', `${label} ${remove}`);
  const kill = found(p.kill);
  if (kill) out.hit('code-kill', `${label} ${kill}`);
  const everything = kill ? killsEverything(language, text) : null;
  if (everything) out.hit('kill-all', `${label} ${everything} signals init or every process`);
  if (p.evaluates.test(text) && p.fetches.test(text))
    out.hit('remote-code', `${label} code runs code it downloads`);
  const dynamic = found(p.shellDynamic);
  if (dynamic) out.hit('dynamic-command', `${label} code runs a shell command built at run time: ${dynamic}`);
  if (runsDecoded(text, dynamic !== null)) out.hit('decode-exec', `${label} code runs what it decodes`);
  const sends = SENDS.test(text) || p.fetches.test(text);
  const secret = sends ? (secretLiteral(text) ?? environmentRead(text)) : null;
  if (secret) out.hit('secret-exfiltration', `${label} code reads ${secret} and sends over the network`);
  if (forksForever(text)) out.hit('fork-bomb', `${label} code starts processes in an endless loop`);
  // A socket and a shell, or a socket and commands built at run time: what arrives on it runs.
  if (p.socket.test(text) && (p.shell.test(text) || dynamic))
    out.hit('code-reverse-shell', `${label} code connects a socket to a shell`);
  const emptied = codeEmptiedFile(language, text);
  if (emptied && projectFile(place, emptied)) out.hit('source-emptied', `${label} code empties ${emptied}`);
  checkWrites(language, text, p.write, false, place, out);
  if (p.writeWithMode) checkWrites(language, text, p.writeWithMode, language !== 'perl', place, out);
}
