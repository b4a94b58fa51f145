/** What changed between two stored snapshots, through `git diff-tree` on the store. */
import { escapePath, unescapePath } from './names';
import { git } from './storeGit';
import type { CheckpointDiff, FileChange, FileStatus } from './types';

const STATUS: Record<string, FileStatus> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  T: 'type-changed',
};

const scope = (file?: string) => (file ? ['--', escapePath(file)] : []);

/** Insertions and deletions per path, and whether git saw it as binary. */
async function numstat(gitDir: string, a: string, b: string, file?: string) {
  const { stdout } = await git(
    ['diff-tree', '-r', '-M', '-z', '--numstat', `${a}:files`, `${b}:files`, ...scope(file)],
    {
      gitDir,
    },
  );
  const parts = stdout.toString().split('\0');
  const counts = new Map<string, { insertions: number; deletions: number; binary: boolean }>();
  for (let i = 0; i < parts.length; i++) {
    const head = parts[i] ?? '';
    if (!head) continue;
    const [ins = '', del = '', path = ''] = head.split('\t');
    const to = path === '' ? (parts[(i += 2)] ?? '') : path;
    const binary = ins === '-';
    counts.set(unescapePath(to), {
      insertions: binary ? 0 : Number(ins),
      deletions: binary ? 0 : Number(del),
      binary,
    });
  }
  return counts;
}

/** Counts only, for a new checkpoint against the one before it. */
export async function diffCounts(gitDir: string, a: string, b: string) {
  if (a === b) return { files_changed: 0, insertions: 0, deletions: 0 };
  const counts = [...(await numstat(gitDir, a, b)).values()];
  return {
    files_changed: counts.length,
    insertions: counts.reduce((n, c) => n + c.insertions, 0),
    deletions: counts.reduce((n, c) => n + c.deletions, 0),
  };
}

/** Git's headers name stored paths; a person reads the workspace's. */
const unescapeHeaders = (patch: string) => patch.replace(/(^|\/|a\/|b\/)%(%*\.git)(?=\/|\s|$)/gim, '$1$2');

export async function diffTrees(
  gitDir: string,
  a: string,
  b: string,
  file?: string,
): Promise<CheckpointDiff> {
  const [counts, status, patch] = await Promise.all([
    numstat(gitDir, a, b, file),
    git(['diff-tree', '-r', '-M', '-z', '--name-status', `${a}:files`, `${b}:files`, ...scope(file)], {
      gitDir,
    }),
    git(
      [
        'diff-tree',
        '-r',
        '-M',
        '-p',
        '--no-ext-diff',
        '--no-textconv',
        '--no-color',
        `${a}:files`,
        `${b}:files`,
        ...scope(file),
      ],
      { gitDir },
    ),
  ]);
  const parts = status.stdout.toString().split('\0');
  const files: FileChange[] = [];
  for (let i = 0; i < parts.length; i++) {
    const code = parts[i] ?? '';
    if (!code) continue;
    const letter = code[0] ?? 'M';
    const renamed = letter === 'R' || letter === 'C';
    const from = renamed ? unescapePath(parts[++i] ?? '') : undefined;
    const path = unescapePath(parts[++i] ?? '');
    const c = counts.get(path) ?? { insertions: 0, deletions: 0, binary: false };
    files.push({ path, ...(from ? { from } : {}), status: STATUS[letter] ?? 'modified', ...c });
  }
  return {
    files,
    files_changed: files.length,
    insertions: files.reduce((n, f) => n + f.insertions, 0),
    deletions: files.reduce((n, f) => n + f.deletions, 0),
    patch: unescapeHeaders(patch.stdout.toString()),
  };
}
