/** The verdict a gate check starts from: the command's analysis plus the caller's own findings. */
import type { AnalysisOptions } from '../analysis/analyse';
import { analyseCommand, analyseProcessInput } from '../analysis/analyse';
import type { GateCheck } from './gateTypes';
import { ruleFor } from '../analysis/rules/registry';
import { OUTSIDE_SANDBOX_WRITE } from '../analysis/rules/workspace';
import type { Verdict } from '../analysis/verdict';

/**
 * Analyses a command, or text written to a running process as what that process will do with it.
 * Words about a skill or memory change are no shell: the caller's keys alone judge them.
 */
function judge(input: GateCheck): Verdict {
  if (input.subjectKind !== undefined && input.subjectKind !== 'command')
    return { verdict: 'safe', keys: [], reasons: [], segments: [], parsed: true };
  const options: AnalysisOptions = {};
  if (input.cwd !== undefined) options.cwd = input.cwd;
  if (input.workspace !== undefined) options.workspace = input.workspace;
  return input.stdinOf !== undefined
    ? analyseProcessInput(input.stdinOf, input.command, options)
    : analyseCommand(input.command, options);
}

/** Keys an "always" may store: not the analysis findings, which would silence every unparsed command. */
export function alwaysKeysFor(verdict: Verdict, allowlist: readonly string[]): string[] {
  return verdict.keys.filter((k) => {
    const rule = ruleFor(k);
    return rule?.category !== 'analysis' && !rule?.askEveryTime && !allowlist.includes(k);
  });
}

export const asksEveryTime = (key: string): boolean => ruleFor(key)?.askEveryTime === true;

/** Only a person's yes (or what one granted) lets it through: no mode, allow rule, model or unattended run. */
export const takesPerson = (verdict: Verdict): boolean =>
  verdict.keys.some((k) => ruleFor(k)?.needsPerson === true);

/** The analysis plus keys the caller found itself; any known key makes a safe command dangerous. */
function withExtraKeys(verdict: Verdict, extra: readonly string[] = [], detail?: string): Verdict {
  const added = extra.filter((k) => ruleFor(k) && !verdict.keys.includes(k));
  if (added.length === 0) return verdict;
  return {
    ...verdict,
    verdict: verdict.verdict === 'hardline' ? 'hardline' : 'dangerous',
    keys: [...verdict.keys, ...added],
    reasons: [
      ...verdict.reasons,
      ...added.map((k) => `${ruleFor(k)?.description ?? k}${detail ? `: ${detail}` : ''}`),
    ],
  };
}

const under = (path: string, root: string): boolean =>
  path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);

/** The paths the command changes outside the sandbox's write roots, when the caller named them. */
export function writesOutside(verdict: Verdict, roots: readonly string[] | undefined): string[] {
  if (!roots) return [];
  return (verdict.writes ?? []).filter((p) => !roots.some((root) => under(p, root)));
}

/** The reading shows the command cannot work sandboxed: asked once, as a run outside the sandbox. */
function withOutsideWrites(verdict: Verdict, roots: readonly string[] | undefined): Verdict {
  const outside = writesOutside(verdict, roots);
  if (outside.length === 0 || verdict.keys.includes(OUTSIDE_SANDBOX_WRITE)) return verdict;
  const description = ruleFor(OUTSIDE_SANDBOX_WRITE)?.description ?? OUTSIDE_SANDBOX_WRITE;
  return {
    ...verdict,
    verdict: verdict.verdict === 'hardline' ? 'hardline' : 'dangerous',
    keys: [...verdict.keys, OUTSIDE_SANDBOX_WRITE],
    reasons: [...verdict.reasons, `${description}: ${outside.slice(0, 3).join(', ')}`],
  };
}

/** What a check is judged on: the analysis of its command with the caller's extra keys. */
export function verdictFor(input: GateCheck): Verdict {
  return withOutsideWrites(
    withExtraKeys(judge(input), input.extraKeys, input.extraDetail),
    input.writableRoots,
  );
}
