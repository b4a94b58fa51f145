/**
 * Options that hand a command line to a shell: tar's checkpoint actions, filters and volume
 * scripts, rsync's remote shell and remote rsync path, GNU parallel's command templates. The
 * command they name is analysed like any other, so `-I zstd` (a compressor) stays quiet while
 * `-I 'rm -rf src'` is judged as that delete.
 */
import { parseOptions } from './options';
import type { Nested } from './unwrap';
import type { ArgWord } from './words';
import { DYN, capFound, isDynamic } from './words';

const code = (w: ArgWord, text = w.value): Nested => ({ kind: 'code', text, words: [w] });

/** `--name=value` or `--name value` where `name` may be abbreviated to `min` characters. */
function longOption(
  argv: readonly ArgWord[],
  i: number,
  full: string,
  min: number,
): { value: ArgWord | undefined; next: number } | null {
  const w = argv[i];
  if (!w?.value.startsWith('--')) return null;
  const eq = w.value.indexOf('=');
  const name = w.value.slice(2, eq >= 0 ? eq : undefined);
  if (name.length < min || !full.startsWith(name)) return null;
  return eq >= 0
    ? { value: { ...w, value: w.value.slice(eq + 1) }, next: i }
    : { value: argv[i + 1], next: i + 1 };
}

const TAR_LONG: ReadonlyArray<readonly [string, number]> = [
  ['checkpoint-action', 12],
  ['to-command', 4],
  ['use-compress-program', 4],
  ['info-script', 4],
  ['new-volume-script', 4],
  ['rsh-command', 3],
  ['rmt-command', 3],
];
/** Short tar options that take a value; `-I` and `-F` name a program. */
const TAR_VALUED = 'fbCgHKLNTVXIF';

export function tarCode(argv: readonly ArgWord[]): Nested[] {
  const out: Nested[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w || w.value === '--') break;
    const v = w.value;
    if (v.startsWith('--')) {
      for (const [full, min] of TAR_LONG) {
        const o = longOption(argv, i, full, min);
        if (!o) continue;
        i = o.next;
        const value = o.value;
        if (!value) break;
        if (full !== 'checkpoint-action') out.push(code(value));
        else if (value.value.startsWith('exec=')) out.push(code(value, value.value.slice(5)));
        else if (value.value.startsWith(DYN)) out.push(code(value, DYN));
        break;
      }
      continue;
    }
    if (!v.startsWith('-')) continue;
    for (let j = 1; j < v.length; j++) {
      const letter = v.charAt(j);
      if (!TAR_VALUED.includes(letter)) continue;
      const rest = v.slice(j + 1);
      const value = rest !== '' ? { ...w, value: rest } : argv[++i];
      if (value && (letter === 'I' || letter === 'F')) out.push(code(value));
      break;
    }
  }
  return out;
}

/** `rsync -e CMD` runs CMD here as the remote shell; `--rsync-path` runs on the far side. */
export function rsyncCode(argv: readonly ArgWord[]): Nested[] {
  const out: Nested[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w || w.value === '--') break;
    const v = w.value;
    if (v.startsWith('--')) {
      const o = longOption(argv, i, 'rsh', 3) ?? longOption(argv, i, 'rsync-path', 7);
      if (o) {
        i = o.next;
        if (o.value) out.push(code(o.value));
      }
      continue;
    }
    if (!v.startsWith('-')) continue;
    for (let j = 1; j < v.length; j++) {
      const letter = v.charAt(j);
      if (!'efBTM@'.includes(letter)) continue;
      const rest = v.slice(j + 1);
      const value = rest !== '' ? { ...w, value: rest } : argv[++i];
      if (value && letter === 'e') out.push(code(value));
      break;
    }
  }
  return out;
}

const PARALLEL_OPTIONS = {
  short: 'jSaEIdNnLPsCB',
  long: [
    'jobs',
    'sshlogin',
    'sshloginfile',
    'arg-file',
    'eof',
    'delimiter',
    'max-args',
    'max-lines',
    'max-procs',
    'max-chars',
    'max-replace-args',
    'colsep',
    'joblog',
    'results',
    'res',
    'tmpdir',
    'workdir',
    'wd',
    'delay',
    'timeout',
    'retries',
    'memfree',
    'load',
    'tagstring',
    'tag-string',
    'basefile',
    'env',
    'halt',
    'header',
    'block',
    'block-size',
    'recstart',
    'recend',
    'ssh',
    'nice',
    'id',
    'semaphorename',
    'limit',
    'termseq',
    'transferfile',
    'return',
  ],
};
const PARALLEL_INFO = new Set(['--version', '--help', '-h', '--citation', '--bibtex', '--minversion']);
const SEPARATORS = new Set([':::', '::::', ':::+', '::::+']);
const PLACEHOLDER = /\{(?:\d*(?:\.|\/|\/\/|\/\.)?|#|%)\}/g;
const MAX_JOBS = 16;

function quoted(arg: string): string {
  return `'${arg.split("'").join("'\\''")}'`;
}

/** The command lines `parallel` runs: its template filled with each input, or each input as a command. */
export function parallelCode(argv: readonly ArgWord[], stdin: string | null): Nested[] {
  if (argv.some((w) => PARALLEL_INFO.has(w.value) || w.value.startsWith('--number-of-'))) return [];
  const p = parseOptions(argv, 1, PARALLEL_OPTIONS);
  const seen = (...names: string[]): boolean => p.seen.some((o) => names.includes(o.name));
  const rest = argv.slice(p.next);
  const sep = rest.findIndex((w) => SEPARATORS.has(w.value));
  const template = sep >= 0 ? rest.slice(0, sep) : rest;
  const anchor = template[0] ?? rest[0] ?? argv[0];
  if (!anchor) return [];
  const text = template.map((w) => w.value).join(' ');
  if (seen('--pipe', '--pipepart')) return text ? [code(anchor, text)] : [];
  let inputs: string[];
  if (sep >= 0) {
    const group = rest.slice(sep + 1);
    const end = group.findIndex((w) => SEPARATORS.has(w.value));
    const words = end >= 0 ? group.slice(0, end) : group;
    inputs = rest[sep]?.value.startsWith('::::') ? [DYN] : words.map((w) => w.value);
  } else if (seen('-a', '--arg-file') || stdin === null || isDynamic(stdin)) inputs = [DYN];
  else inputs = stdin.split('\n').filter((l) => l.trim() !== '');
  const replace = p.seen.find((o) => o.name === '-I')?.value?.value;
  // Past the cap, one unknown input stands for the rest.
  return capFound(inputs, MAX_JOBS).map((input) => {
    if (text === '') return code(anchor, input);
    const arg = quoted(input);
    let filled = text.replace(PLACEHOLDER, () => arg);
    if (replace) filled = filled.split(replace).join(arg);
    return code(anchor, filled === text && !replace ? `${text} ${arg}` : filled);
  });
}
