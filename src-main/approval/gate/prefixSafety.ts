/**
 * Whether a command prefix is safe to allow for good (Settings, config.yaml `approvals.allow`,
 * a sandbox "always" answer). A prefix is refused when some command starting with it is
 * hardline, or when it covers every command of a dangerous rule: the prefix is itself such a
 * command that names no target yet (`rm -rf`), a first part of one (`rm`, `git push`), or a wrapper
 * that runs whatever follows it (`sudo`, `bash -c`, `env`).
 */
import { analyseCommand, isShellParserReady } from '../analysis/analyse';
import { ruleFor } from '../analysis/rules/registry';
import type { Verdict } from '../analysis/verdict';

/** One command of each hardline rule and of the dangerous rules a short prefix swallows whole. */
export const PREFIX_PROBES: readonly string[] = [
  'rm -rf /',
  'rm -rf ~',
  'find / -delete',
  'mkfs /dev/sda',
  'dd of=/dev/sda',
  'kill -9 -1',
  'shutdown now',
  'reboot',
  'rm -r victim',
  'shred victim',
  'chmod -R 777 victim',
  'chown -R nobody victim',
  'git push --force',
  'git reset --hard',
  'git clean -fdx',
  'git branch -D victim',
  'git stash clear',
  'killall victim',
  'systemctl stop victim',
  'docker system prune -af',
  'kubectl delete all --all',
  'terraform destroy',
  'crontab -r',
];

const words = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean);

const startsWith = (all: readonly string[], first: readonly string[]): boolean =>
  first.length <= all.length && first.every((w, i) => all[i] === w);

/** Rule keys that name a command (not the analysis's own findings). */
const commandKeys = (verdict: Verdict): string[] =>
  verdict.keys.filter((k) => ruleFor(k) !== undefined && ruleFor(k)?.category !== 'analysis');

const hardlineKeys = (verdict: Verdict): string[] => verdict.keys.filter((k) => ruleFor(k)?.hardline);

function describe(key: string): string {
  return `${key}: ${ruleFor(key)?.description ?? key}`;
}

/** Why allowing `probe` through `prefix` is refused, naming the probe's rule. */
function refusal(prefix: string, probe: string, verdict: Verdict): string {
  const hard = hardlineKeys(verdict);
  if (hard.length > 0)
    return `"${prefix}" would allow "${probe}", which can never be allowed (${hard.map(describe).join('; ')})`;
  const keys = commandKeys(verdict);
  return `"${prefix}" would allow every command like "${probe}" without asking (${keys.map(describe).join('; ')}); allow the rule key itself if that is what you mean`;
}

/** Whether `prefix` runs `probe` when it is written after it: a wrapper (`sudo`, `bash -c`). */
function wraps(prefix: string, probe: string, probeVerdict: Verdict): Verdict | null {
  const target = words(probe);
  for (const text of [`${prefix} ${probe}`, `${prefix} '${probe}'`]) {
    const verdict = analyseCommand(text);
    // The probe runs as a command of its own, not as more words of the prefix's command.
    const runsProbe = verdict.segments.some(
      (s) => startsWith(s.command, target) && !startsWith(s.command, words(prefix)),
    );
    if (runsProbe && commandKeys(probeVerdict).every((k) => verdict.keys.includes(k))) return verdict;
  }
  return null;
}

function judge(prefix: string): string | null {
  const own = analyseCommand(prefix);
  const mine = words(prefix);
  if (hardlineKeys(own).length > 0) return refusal(prefix, prefix, own);
  for (const probe of PREFIX_PROBES) {
    const probeVerdict = analyseCommand(probe);
    if (startsWith(words(probe), mine)) return refusal(prefix, probe, probeVerdict);
    const wrapped = wraps(prefix, probe, probeVerdict);
    if (wrapped) return refusal(prefix, `${prefix} ${probe}`, wrapped);
  }
  // A dangerous command that names no target yet (`rm -rf`, `git push --force`) covers them all.
  if (commandKeys(own).length > 0 && (mine.at(-1) ?? '').startsWith('-')) return refusal(prefix, prefix, own);
  return null;
}

const judged = new Map<string, string | null>();

/** Why `prefix` may not be allowed for good, or null when it may. Judged once per prefix. */
export function prefixDanger(prefix: string): string | null {
  const text = words(prefix).join(' ');
  if (text === '') return 'an empty prefix would allow every command';
  const known = judged.get(text);
  if (known !== undefined) return known;
  const answer = judge(text);
  // Pattern checks stand in until the parser is ready; only a parsed judgement is kept.
  if (!isShellParserReady()) return answer;
  if (judged.size > 500) judged.clear();
  judged.set(text, answer);
  return answer;
}
