/**
 * The project itself put on stdout whole: an archive of its folder (`tar cz .`, `zip -r - .`),
 * `git archive`, a bundle of every branch, or its history as patches (`git log -p`). Piped to a
 * sender, all of its code and history leaves the machine (exfiltration.ts).
 */
import type { Rule } from '../verdict';
import { canonicalPath, resolvePath } from '../paths';
import type { CommandView } from './types';
import { hasFlag, optionValues } from './types';
import { gitSubcommand } from './gitSubcommand';
import { archiveTarget, createsArchive } from './archives';

const ARCHIVERS = new Set(['tar', 'bsdtar', 'zip']);

export const projectUploadRules: Rule[] = [
  {
    key: 'project-upload',
    category: 'exfiltration',
    description:
      "Sends the project's files or history to another machine (an archive, a bundle or patches piped to a sender)",
  },
];

/** Whether `dir` is the project: the folder the command runs in, or the workspace. */
function isProject(cmd: CommandView, dir: string): boolean {
  if (dir === '.' || dir === './' || dir === '*' || dir === './*') return true;
  const ws = cmd.workspace ? canonicalPath(cmd.workspace) : null;
  return ws !== null && canonicalPath(resolvePath(cmd.cwd, dir)) === ws;
}

/** `tar czf - .`, `tar cz .`, `zip -r - .`: an archive of the project created on stdout. */
function archivesProject(cmd: CommandView): boolean {
  if (!createsArchive(cmd.name, cmd.args)) return false;
  const { file, inputs } = archiveTarget(cmd.name, cmd.args);
  return (file === undefined || file === '-') && inputs.some((o) => isProject(cmd, o));
}

/** What of the project a git command puts on stdout: its tree, every branch, or its history as patches. */
function gitProject(cmd: CommandView): string | null {
  const { sub, rest } = gitSubcommand(cmd.args) ?? { sub: '', rest: [] };
  switch (sub) {
    case 'archive':
      return optionValues(rest, 'o', ['output']).length === 0 &&
        !rest.includes('--list') &&
        !rest.includes('-l')
        ? "the project's files (git archive)"
        : null;
    case 'bundle':
      return rest[0] === 'create' && rest[1] === '-' ? 'every branch of the project (git bundle)' : null;
    case 'log':
    case 'whatchanged':
      return hasFlag(rest, 'pu', ['patch']) ? "the project's history as patches (git log -p)" : null;
    case 'diff':
    case 'show':
      return hasFlag(rest, '', ['stat', 'name-only', 'name-status', 'shortstat', 'numstat', 'quiet'])
        ? null
        : `the project's changes (git ${sub})`;
    case 'format-patch':
      return rest.includes('--stdout') ? "the project's commits as patches (git format-patch)" : null;
    default:
      return null;
  }
}

/** What of the project `cmd` puts on stdout, for a reason, or null. */
export function projectOutput(cmd: CommandView): string | null {
  if (ARCHIVERS.has(cmd.name)) return archivesProject(cmd) ? 'an archive of the project' : null;
  return cmd.name === 'git' ? gitProject(cmd) : null;
}
