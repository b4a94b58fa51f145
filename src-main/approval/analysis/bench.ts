/** Speed of the approval analysis: per command over the corpus, and on adversarial 1 MB inputs. */
import { median } from '../../../src-shared/stats';
import { analyseCommand, initShellParser } from './analyse';
import { loadCorpus } from './corpusLoader';
import { PARSE_LIMITS } from './parse';

const MB = 1024 * 1024;

function fill(unit: string, size = MB): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** Inputs built to make a careless parser or regex go quadratic; each about 1 MB. */
export function adversarialInputs(): Record<string, string> {
  return {
    longWord: fill('a'),
    andChain: fill('echo hi && ') + 'ls',
    distinctDeletes: Array.from({ length: 60_000 }, (_, i) => `rm -rf /tmp/build-${i}`)
      .join(' && ')
      .slice(0, MB),
    manyPipes: fill('cat | ') + 'sh',
    deepQuotes: fill('"$(echo ', MB / 2) + fill(')"', MB / 2),
    nestedSubshells: fill('(', MB / 2) + fill(')', MB / 2),
    heredoc: `cat <<'EOF' > notes.txt\n${fill('a line of prose that mentions rm and reboot\n')}EOF\n`,
    quotedString: `echo "${fill('x ')}"`,
    backslashes: fill('\\'),
    emptyQuotes: fill("r''"),
    unterminatedEscapes: fill('\x1b[1;'),
    braces: `rm -rf /{${fill(',')}}`,
    sqlWhitespace: `psql -c "DROP${fill(' ')}TABLE x"`,
    openSubstitutions: fill('$('),
    windowsPaths: fill('rd /s C:\\a\\b '),
  };
}

/** Inputs just under the parser's size limit, where the parser rather than the pattern checks works. */
export function parserLimitInputs(): Record<string, string> {
  const size = PARSE_LIMITS.chars - 16;
  return {
    pipes: fill('cat | ', size) + 'ls',
    andChain: fill('echo hi && ', size) + 'ls',
    heredocSubstitutions: `cat <<EOF\n${fill('line $(date) text\n', size)}EOF\n`,
    interpreterCode: `python3 -c '${fill('open(x, (os.remove(', size - 20)}'`,
  };
}

function timeMs(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** Median µs per corpus command, p95, and ms per adversarial input (median of five runs). */
export async function benchApproval(): Promise<Record<string, number>> {
  await initShellParser();
  const commands = loadCorpus().map((e) => e.cmd);
  for (let i = 0; i < 5; i++) for (const c of commands) analyseCommand(c);
  const repeats = 20;
  const perCommand = commands.map(
    (c) =>
      (timeMs(() => {
        for (let r = 0; r < repeats; r++) analyseCommand(c);
      }) *
        1000) /
      repeats,
  );
  const sorted = [...perCommand].sort((a, b) => a - b);
  const results: Record<string, number> = {
    'approval.corpus.median_us': median(perCommand),
    'approval.corpus.p95_us': sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    'approval.corpus.commands': commands.length,
  };
  const inputs = [
    ...Object.entries(adversarialInputs()).map(
      ([name, input]) => [`approval.1mb.${name}_ms`, input] as const,
    ),
    ...Object.entries(parserLimitInputs()).map(
      ([name, input]) => [`approval.parseLimit.${name}_ms`, input] as const,
    ),
  ];
  for (const [key, input] of inputs) {
    analyseCommand(input);
    results[key] = median([0, 1, 2, 3, 4].map(() => timeMs(() => analyseCommand(input))));
  }
  return results;
}
