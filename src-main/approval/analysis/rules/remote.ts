/** Remote and obscured code: curl | sh, bash <(curl …), sh -c "$(curl …)", base64 -d | sh. */
import type { Rule } from '../verdict';
import type { Carried } from '../carriers';
import type { ArgWord } from '../words';
import { isDynamic } from '../words';
import type { CommandView, HitSink } from './types';
import { hasFlag } from './types';
import { parseOptions } from '../options';

export const remoteRules: Rule[] = [
  {
    key: 'remote-code',
    category: 'remote-code',
    description: 'Runs code fetched from the network (curl | sh, bash <(curl …))',
  },
  {
    key: 'decode-exec',
    category: 'remote-code',
    description: 'Runs code decoded or transformed from an obscured form (base64 -d | sh, tr … | sh)',
  },
  {
    key: 'loader-env',
    category: 'remote-code',
    description:
      'Makes programs load code from a file the command does not show (LD_PRELOAD, BASH_ENV, NODE_OPTIONS --require)',
  },
];

export const DOWNLOADERS = new Set([
  'curl',
  'wget',
  'fetch',
  'http',
  'https',
  'xh',
  'aria2c',
  'lwp-request',
  'lynx',
  'links',
  'iwr',
  'invoke-webrequest',
  'nc',
  'ncat',
  'socat',
  'tftp',
]);
/** Commands that rewrite text on its way to a shell (rot13 with tr, sed, rev, decompression). */
const TRANSFORMERS = new Set([
  'tr',
  'rev',
  'sed',
  'awk',
  'zcat',
  'gunzip',
  'bzcat',
  'xzcat',
  'zstdcat',
  'iconv',
]);
const DECODER_NAMES = new Set([
  'base64',
  'base32',
  'basenc',
  'openssl',
  'xxd',
  'uudecode',
  'gpg',
  ...TRANSFORMERS,
]);

/** Whether a command turns encoded input into plain bytes. */
export function isDecoder(view: CommandView): boolean {
  switch (view.name) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return hasFlag(view.args, 'dD', ['decode']);
    case 'openssl':
      return view.args.includes('-d') || view.args.includes('-base64') || view.args[0] === 'base64';
    case 'xxd':
      return hasFlag(view.args, 'r', ['revert']);
    case 'uudecode':
      return true;
    case 'gpg':
      return hasFlag(view.args, 'd', ['decrypt']);
    case 'gzip':
    case 'xz':
    case 'bzip2':
    case 'zstd':
      return hasFlag(view.args, 'd', ['decompress']);
    default:
      return TRANSFORMERS.has(view.name);
  }
}

/** Code words or a script whose content comes from a download or a decoder. */
export function codeSourceHits(words: readonly ArgWord[], out: HitSink): void {
  for (const w of words) {
    if (w.runs.some((r) => DOWNLOADERS.has(r)))
      out.hit('remote-code', `runs the output of ${w.runs.join(', ')}`);
    else if (w.runs.some((r) => DECODER_NAMES.has(r)))
      out.hit('decode-exec', `runs decoded text (${w.runs.join(', ')})`);
  }
}

export interface PipelineStage {
  view: CommandView | null;
  carried: Carried | null;
  /** What the stage prints, when it is known without running it (`echo …`, `printf …`). */
  staticOut?: string | null;
  /** The stage prints shell set-up (`starship init bash`), run like `eval "$(…)"`. */
  setup?: boolean;
}

/** `cat run.sh | sh` runs a file like `sh run.sh`; other producers print what only running them shows. */
function printsAFile(v: CommandView | null): boolean {
  return v?.name === 'cat' && v.args.length > 0 && v.args.every((a) => !a.startsWith('-') && !isDynamic(a));
}

/** A stage that runs stdin as code, fed by a download or a decoder earlier in the pipeline. */
export function pipelineHits(stages: readonly PipelineStage[], sinkFor: (index: number) => HitSink): void {
  let downloader: string | null = null;
  let decoder: string | null = null;
  stages.forEach((stage, i) => {
    if (stage.carried?.readsStdinCode && i > 0) {
      const runner = stage.view?.name ?? 'a shell';
      const before = stages[i - 1];
      if (downloader) sinkFor(i).hit('remote-code', `${downloader} | ${runner}`);
      else if (decoder) sinkFor(i).hit('decode-exec', `${decoder} | ${runner}`);
      // `jq -r .cmd | sh`: the code is whatever the producer prints, known only at run time.
      else if (before && (before.staticOut ?? null) === null && !printsAFile(before.view) && !before.setup)
        sinkFor(i).hit(
          'dynamic-command',
          `${runner} runs what ${before.view?.name ?? 'the stage before'} prints`,
        );
    }
    const v = stage.view;
    if (v && DOWNLOADERS.has(v.name)) downloader = v.name;
    if (v && isDecoder(v)) decoder = v.name;
  });
}

const CURL_VALUED = 'odHuXeAbcFKTxwrmCEUyYztQP';
const WGET_VALUED = 'OoPUeTtwiQlARDIX';

const NO_TARGETS: string[] = Object.freeze([]) as unknown as string[];

/** Files a downloader writes (`curl -o f`, `curl -O url`, `wget url`), to notice when they are run later. */
export function downloadTargets(view: CommandView): string[] {
  if (view.name !== 'curl' && view.name !== 'wget') return NO_TARGETS;
  const curl = view.name === 'curl';
  const p = parseOptions(view.words, 0, {
    anywhere: true,
    short: curl ? CURL_VALUED : WGET_VALUED,
    long: curl
      ? ['output', 'data', 'header', 'user', 'request']
      : ['output-document', 'output-file', 'directory-prefix'],
  });
  const named = p.seen
    .filter((o) => o.name === (curl ? '-o' : '-O') || o.name === (curl ? '--output' : '--output-document'))
    .map((o) => o.value?.value ?? '');
  if (named.length > 0) return named.filter((n) => n !== '-' && n !== '');
  const remoteName = !curl || p.seen.some((o) => o.name === '-O' || o.name === '--remote-name');
  if (!remoteName) return [];
  return view.args
    .filter((a) => /^https?:\/\//.test(a))
    .map((u) => u.slice(u.lastIndexOf('/') + 1))
    .filter((b) => b !== '');
}
