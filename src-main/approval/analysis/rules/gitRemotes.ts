/** Git remotes a command line points at an address, and the pushes to them later in that line. */
import type { LazySet } from '../lazyMap';
import type { HitSink } from './types';
import { splitOptions } from './types';
import { isAddress, pushTarget } from './git';
import { gitSubcommand } from './gitSubcommand';

/** Remotes one command line may define; past this it is not a developer's command. */
const MAX_REMOTES = 64;

/**
 * `git remote add x https://… && git push x --all` sends the repository to that address as
 * surely as `git push https://…` does: the remote's name stands for the address it was given.
 */
export function followGitRemotes(args: readonly string[], remotes: LazySet<string>, out: HitSink): void {
  const parsed = gitSubcommand(args);
  if (!parsed) return;
  if (parsed.sub === 'remote') {
    const [verb, name, address] = splitOptions(parsed.rest).operands;
    if ((verb === 'add' || verb === 'set-url') && name && address && isAddress(address))
      if (remotes.size < MAX_REMOTES) remotes.add(name);
    return;
  }
  const target = parsed.sub === 'push' ? pushTarget(parsed.rest) : undefined;
  if (target !== undefined && remotes.has(target))
    out.hit('git-push-address', `git push ${target}, a remote this command pointed at an address`);
}
