/** Git commands that throw away work or rewrite shared history. */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { hasFlag, splitOptions } from './types';
import { gitConfigExec } from './gitConfig';
import { gitSubcommand } from './gitSubcommand';
import { isSecretPath } from './secrets';

export const gitRules: Rule[] = [
  { key: 'git-reset-hard', category: 'git', description: 'Discards uncommitted changes (git reset --hard)' },
  { key: 'git-clean', category: 'git', description: 'Deletes untracked files (git clean -f)' },
  {
    key: 'git-push-force',
    category: 'git',
    beyondCheckpoint: true,
    description: 'Overwrites remote history (push --force, --force-with-lease, +refspec, --mirror)',
  },
  {
    key: 'git-push-delete',
    category: 'git',
    beyondCheckpoint: true,
    description: 'Deletes remote branches or tags (push --delete, :ref, --prune)',
  },
  { key: 'git-branch-delete', category: 'git', description: 'Force-deletes a branch (git branch -D)' },
  {
    key: 'git-discard-changes',
    category: 'git',
    description:
      'Discards working-tree changes (checkout -- ., restore, switch --discard-changes, worktree remove --force)',
  },
  { key: 'git-stash-clear', category: 'git', description: 'Drops stashed changes (git stash clear/drop)' },
  {
    key: 'git-config-exec',
    category: 'git',
    beyondCheckpoint: true,
    description:
      'Makes git run a command later (! alias, core.fsmonitor, core.hooksPath, core.sshCommand, core.pager, diff.external, filters)',
  },
  {
    key: 'git-rm-force',
    category: 'git',
    description: 'Deletes tracked files from the working tree, local changes included (git rm -f)',
  },
  {
    key: 'git-filter-branch',
    category: 'git',
    description: 'Rewrites the whole history (filter-branch, filter-repo)',
  },
  {
    key: 'git-history-drop',
    category: 'git',
    description:
      'Drops commits only the reflog or a ref still keeps (reflog expire, gc --prune=now, prune, update-ref -d)',
  },
  {
    key: 'git-push-address',
    category: 'exfiltration',
    beyondCheckpoint: true,
    description: 'Pushes the repository to an address written into the command, not a configured remote',
  },
  {
    key: 'secret-commit',
    category: 'exfiltration',
    description: 'Stages a credential file or private key for commit, from where a push publishes it',
  },
];

/** `https://…`, `ssh://…`, `file://…` or scp's `[user@]host.tld:path`: an address, not a remote's name. */
export function isAddress(word: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(word) || /^[^\s/:@]+@[^\s/:]+:/.test(word)) return true;
  const host = word.slice(0, Math.max(0, word.indexOf(':')));
  return /^[a-z0-9.-]+$/i.test(host) && /\.[a-z]{2,}$/i.test(host);
}

/** Where `git push` (its words after `push`) sends the repository; undefined for a dry run. */
export function pushTarget(rest: readonly string[]): string | undefined {
  const { options, operands } = splitOptions(rest);
  if (hasFlag(options, 'n', ['dry-run'])) return undefined;
  return options.find((o) => o.startsWith('--repo='))?.slice('--repo='.length) ?? operands[0];
}

function push(rest: string[], out: HitSink): void {
  const { options, operands } = splitOptions(rest);
  if (hasFlag(options, 'n', ['dry-run'])) return;
  // The whole repository goes wherever the command says, whatever the remotes are set to.
  const target = pushTarget(rest);
  if (target !== undefined && isAddress(target)) out.hit('git-push-address', `git push ${target}`);
  if (
    hasFlag(options, 'f', ['force', 'force-with-lease', 'force-if-includes', 'mirror']) ||
    operands.slice(1).some((o) => o.startsWith('+'))
  ) {
    out.hit('git-push-force', `git push ${rest.join(' ')}`);
  }
  if (hasFlag(options, 'd', ['delete', 'prune']) || operands.slice(1).some((o) => o.startsWith(':')))
    out.hit('git-push-delete', `git push ${rest.join(' ')}`);
}

function checkout(sub: string, rest: string[], out: HitSink): void {
  const dashDash = rest.indexOf('--');
  const { options, operands } = splitOptions(rest);
  const paths = dashDash >= 0 && dashDash < rest.length - 1;
  const forced = hasFlag(options, 'f', ['force', 'discard-changes']);
  if (sub === 'switch') {
    if (forced) out.hit('git-discard-changes', `git switch ${rest.join(' ')}`);
    return;
  }
  if (paths || forced || operands.includes('.'))
    out.hit('git-discard-changes', `git checkout ${rest.join(' ')}`);
}

function restore(rest: string[], out: HitSink): void {
  const { options } = splitOptions(rest);
  const stagedOnly = hasFlag(options, 'S', ['staged']) && !hasFlag(options, 'W', ['worktree']);
  if (!stagedOnly) out.hit('git-discard-changes', `git restore ${rest.join(' ')}`);
}

/** The recovery net goes: expiring the reflog now, pruning unreachable objects, deleting a ref. */
function dropsHistory(sub: string, options: readonly string[], operands: readonly string[]): boolean {
  const now = options.some((o) => /^--(?:expire|expire-unreachable|prune)=(?:now|all|0)\b/.test(o));
  if (sub === 'reflog') return operands[0] === 'delete' || (operands[0] === 'expire' && now);
  if (sub === 'gc') return now;
  if (sub === 'prune') return !hasFlag(options, 'n', ['dry-run']);
  return hasFlag(options, 'd', ['delete']);
}

/** Options of git add and commit whose next word is a value, not a path. */
const COMMIT_VALUED = new Set(['-m', '-F', '-C', '-c', '--message', '--file', '--author', '--date']);

function git(cmd: CommandView, out: HitSink): void {
  const parsed = gitSubcommand(cmd.args);
  if (!parsed) return;
  const { sub, rest } = parsed;
  const { options, operands } = splitOptions(rest);
  gitConfigExec(cmd.args, out);
  switch (sub) {
    case 'rm':
      if (
        hasFlag(options, 'f', ['force']) &&
        !options.includes('--cached') &&
        !hasFlag(options, 'n', ['dry-run'])
      )
        out.hit('git-rm-force', `git rm ${rest.join(' ')}`);
      break;
    case 'reset':
      if (options.includes('--hard')) out.hit('git-reset-hard', `git reset ${rest.join(' ')}`);
      break;
    case 'clean':
      if (hasFlag(options, 'f', ['force']) && !hasFlag(options, 'n', ['dry-run']))
        out.hit('git-clean', `git clean ${rest.join(' ')}`);
      break;
    case 'push':
      push(rest, out);
      break;
    case 'branch':
      if (
        hasFlag(options, 'D', []) ||
        (hasFlag(options, 'd', ['delete']) && hasFlag(options, 'f', ['force']))
      )
        out.hit('git-branch-delete', `git branch ${rest.join(' ')}`);
      break;
    case 'checkout':
    case 'switch':
      checkout(sub, rest, out);
      break;
    case 'restore':
      restore(rest, out);
      break;
    case 'stash':
      if (operands[0] === 'clear' || operands[0] === 'drop')
        out.hit('git-stash-clear', `git stash ${operands[0]}`);
      break;
    case 'worktree':
      // `--force` removes a worktree whose changes are not committed: they are gone with it.
      if (operands[0] === 'remove' && hasFlag(options, 'f', ['force']))
        out.hit('git-discard-changes', `git worktree ${rest.join(' ')}`);
      break;
    case 'add':
    case 'commit': {
      // `git add -f .env`: named on purpose, past .gitignore; `git add .` is left to the ignore rules.
      const secret = operands.find(
        (o) => isSecretPath(o) && !COMMIT_VALUED.has(rest[rest.indexOf(o) - 1] ?? ''),
      );
      if (secret) out.hit('secret-commit', `git ${sub} ${secret}`);
      break;
    }
    case 'reflog':
    case 'gc':
    case 'prune':
    case 'update-ref':
      if (dropsHistory(sub, options, operands)) out.hit('git-history-drop', `git ${sub} ${rest.join(' ')}`);
      break;
    case 'filter-branch':
    case 'filter-repo':
      out.hit('git-filter-branch', `git ${sub}`);
      break;
  }
}

export const gitDetectors: DetectorTable = [[['git'], git]];
