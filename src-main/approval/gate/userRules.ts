/**
 * config.yaml `approvals.deny` / `approvals.allow`: command prefixes compared word by word
 * with each segment, so `ls && rm -rf ~` is not allowed by an `ls` rule and `rm` does not
 * match `rmdir`. An empty rule matches nothing.
 */
import type { Segment, Verdict } from '../analysis/verdict';

function tokens(rule: string): string[] {
  return rule
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
}

function startsWith(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= words.length && prefix.every((t, i) => words[i] === t);
}

/** Whether a rule matches a segment as written or, for deny rules, after unwrapping (`sudo rm`). */
function matches(rule: string, segment: Segment, unwrapped: boolean): boolean {
  const prefix = tokens(rule);
  return startsWith(segment.words, prefix) || (unwrapped && startsWith(segment.command, prefix));
}

/** Words of unparsed text, quotes dropped and operators as separators. */
function looseWords(text: string): string[] {
  return text
    .replace(/['"\\]/g, '')
    .split(/[\s;&|()<>`]+/)
    .filter((w) => w !== '');
}

/** The rule's words anywhere in the text: for an unparsed command a deny rule errs towards denying. */
function occursIn(prefix: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i + prefix.length <= words.length; i++)
    if (prefix.every((t, j) => words[i + j] === t)) return true;
  return false;
}

/** The first deny rule some segment matches, if any. */
export function matchDenyRule(rules: readonly string[], verdict: Verdict): string | null {
  const loose = verdict.parsed ? [] : verdict.segments.map((s) => looseWords(s.text));
  for (const rule of rules) {
    const prefix = tokens(rule);
    if (prefix.length === 0) continue;
    if (
      verdict.segments.some((s) => matches(rule, s, true)) ||
      loose.some((words) => occursIn(prefix, words))
    )
      return rule;
  }
  return null;
}

/**
 * The allow rules covering every segment that triggered a rule, or null. A fallback verdict
 * (no parse) is never covered: its segments are guesses.
 */
export function matchAllowRules(rules: readonly string[], verdict: Verdict): string[] | null {
  if (!verdict.parsed) return null;
  const used = new Set<string>();
  for (const segment of verdict.segments) {
    if (segment.keys.length === 0) continue;
    const rule = rules.find((r) => matches(r, segment, false));
    if (rule === undefined) return null;
    used.add(rule);
  }
  return used.size > 0 ? [...used] : null;
}
