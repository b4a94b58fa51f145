/**
 * Whether a path a command changes lies outside the session's workspace. Temp folders count as
 * inside (the sandbox lets commands write there too). Without a known workspace, relative paths
 * that do not climb out with `..` are inside; absolute and home paths are outside.
 */
import { canonicalPath } from './paths';
import { DYN, isDynamic } from './words';

const SCRATCH = ['/tmp', '/var/tmp', '/dev/shm', '/private/tmp', '/private/var/folders'];

/** `p` is `dir` or lies inside it (both canonical). */
export function under(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/** Whether `cwd` is known to lie in the workspace (or either is unknown). */
export function cwdInWorkspace(cwd: string | null, workspace: string | null): boolean {
  return cwd === null || workspace === null || under(cwd, workspace);
}

/** The path as far as it is known: the static part before the first unknown piece. */
function knownPrefix(raw: string): string {
  const i = raw.indexOf(DYN);
  if (i < 0) return raw;
  const slash = raw.lastIndexOf('/', i);
  return slash < 0 ? '' : raw.slice(0, slash + 1);
}

export function outsideWorkspace(raw: string, cwd: string | null, workspace: string | null): boolean {
  if (raw === '' || raw.startsWith(DYN) || raw === '-') return false;
  const known = isDynamic(raw) ? knownPrefix(raw) : raw;
  if (known === '') return false;
  const absolute = known.startsWith('/') || known.startsWith('~');
  const p = canonicalPath(absolute || cwd === null ? known : `${cwd}/${known}`);
  if (SCRATCH.some((d) => under(p, d))) return false;
  const ws = workspace === null ? null : canonicalPath(workspace);
  if (ws !== null && under(p, ws)) return false;
  if (p.startsWith('/') || p.startsWith('~')) return true;
  return p === '..' || p.startsWith('../');
}

/** Whether a `cd` to `target` (landing in `after`, when known) may leave the workspace. */
export function cdLeavesWorkspace(
  target: string | undefined,
  after: string | null,
  workspace: string | null,
): boolean {
  if (
    after !== null &&
    workspace !== null &&
    !after.startsWith('~') &&
    under(after, canonicalPath(workspace))
  )
    return false;
  if (target === undefined || target === '-' || isDynamic(target)) return true;
  return target.startsWith('/') || target.startsWith('~') || target.split('/').includes('..');
}
