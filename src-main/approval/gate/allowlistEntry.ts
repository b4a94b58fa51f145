import { ALL_RULES, ruleFor } from '../analysis/rules/registry';
import { prefixDanger } from './prefixSafety';

/** What an entry typed for the permanent allowlist stands for. */
export type AllowlistEntryKind = { kind: 'rule'; key: string } | { kind: 'prefix'; prefix: string };

export class AllowlistEntryError extends Error {
  override name = 'AllowlistEntryError';
}

/** Rule keys are lower-case words joined by hyphens (`rm-recursive`); no nested quantifier. */
const looksLikeKey = (text: string): boolean =>
  /^[a-z0-9-]+$/.test(text) && text.includes('-') && text.split('-').every((w) => w !== '');
/** A prefix word: no quotes, operators, variables, substitutions, globs or `~`. */
const PLAIN_WORD = /^[A-Za-z0-9_./:=,@%+-]+$/;

const PREFIX_HELP =
  'a command prefix is plain words, a command and its first arguments (e.g. "npm test"), without quotes, operators, variables or wildcards';

/**
 * Reads an allowlist entry: a known rule key (what an "always" answer stores) or a command
 * prefix rule. Anything else is refused with a message that says what would be accepted.
 */
export function parseAllowlistEntry(raw: string): AllowlistEntryKind {
  const text = raw.trim().split(/\s+/).join(' ');
  if (text === '') throw new AllowlistEntryError('An allowlist entry cannot be empty');
  const rule = ruleFor(text);
  if (rule?.category === 'analysis')
    throw new AllowlistEntryError(
      `"${text}" is an analysis finding, not a command rule; allowing it would let every such command run without asking`,
    );
  if (rule?.hardline)
    throw new AllowlistEntryError(`"${text}" is a hardline rule; those commands can never be allowed`);
  if (rule?.scoped && text === rule.key)
    throw new AllowlistEntryError(
      `"${text}" is allowed for one host at a time: list the host in network.allowed_local_hosts, or enter ${text}:host:port`,
    );
  if (rule) return { kind: 'rule', key: rule.scoped ? text : rule.key };
  const described = ALL_RULES.find((r) => r.description.toLowerCase() === text.toLowerCase());
  if (described)
    throw new AllowlistEntryError(
      `"${text}" is the description of the rule ${described.key}; enter its key, ${described.key}`,
    );
  if (looksLikeKey(text))
    throw new AllowlistEntryError(
      `"${text}" is not a known rule key (such as rm-recursive or git-push-force); for a command, ${PREFIX_HELP}`,
    );
  if (!text.split(' ').every((word) => PLAIN_WORD.test(word)))
    throw new AllowlistEntryError(`"${text}" is neither a rule key nor a command prefix: ${PREFIX_HELP}`);
  const danger = prefixDanger(text);
  if (danger !== null) throw new AllowlistEntryError(`Not allowed as a command prefix: ${danger}`);
  return { kind: 'prefix', prefix: text };
}
