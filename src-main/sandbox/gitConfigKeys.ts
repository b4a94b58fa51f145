/**
 * Which entries of a repository's git config may stay when a sandboxed command wrote them. Git
 * has many keys whose value is a program (core.fsmonitor, core.pager, filter and diff drivers,
 * credential helpers, aliases, …) and more arrive with each release, so the list is of the
 * keys known to be safe; every other key counts as one that can run code. Parsing is git's own.
 * `core.worktree` is left out: aimed at the home folder, the person's next checkout there would
 * write the repository's files (a `.bashrc`) into it (plantUndo.ts keeps one within the root).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Keys with no subsection: `section.key`, lower-case as git prints them. */
const SAFE_KEYS = new Set([
  'core.repositoryformatversion',
  'core.filemode',
  'core.bare',
  'core.logallrefupdates',
  'core.ignorecase',
  'core.precomposeunicode',
  'core.symlinks',
  'core.autocrlf',
  'core.eol',
  'core.safecrlf',
  'core.quotepath',
  'core.sharedrepository',
  'core.compression',
  'core.bigfilethreshold',
  'core.checkstat',
  'core.trustctime',
  'core.untrackedcache',
  'core.splitindex',
  'core.abbrev',
  'core.sparsecheckout',
  'core.sparsecheckoutcone',
  'init.defaultbranch',
  'pull.rebase',
  'pull.ff',
  'push.default',
  'push.autosetupremote',
  'fetch.prune',
  'merge.ff',
  'merge.conflictstyle',
  'rebase.autosquash',
  'rebase.autostash',
  'receive.denycurrentbranch',
  'gc.auto',
  'index.version',
]);
/** Sections whose every key is safe, with or without a subsection. */
const SAFE_SECTIONS = new Set([
  'user',
  'author',
  'committer',
  'extensions',
  'color',
  'column',
  'status',
  'advice',
]);
/** Keys of named subsections: `section.<name>.key`. */
const SAFE_SUBSECTION_KEYS: Record<string, Set<string>> = {
  remote: new Set([
    'url',
    'pushurl',
    'fetch',
    'push',
    'tagopt',
    'prune',
    'mirror',
    'promisor',
    'partialclonefilter',
  ]),
  branch: new Set(['remote', 'merge', 'rebase', 'pushremote', 'description']),
  submodule: new Set(['url', 'active', 'branch', 'fetchrecursesubmodules', 'ignore', 'shallow']),
};

/** Whether a config key (as `git config --list` prints it) cannot make git run a program. */
export function isSafeKey(key: string): boolean {
  const lower = key.toLowerCase();
  const first = lower.indexOf('.');
  const last = lower.lastIndexOf('.');
  if (first < 0) return false;
  const section = lower.slice(0, first);
  if (SAFE_SECTIONS.has(section)) return true;
  if (first === last) return SAFE_KEYS.has(lower);
  return SAFE_SUBSECTION_KEYS[section]?.has(lower.slice(last + 1)) ?? false;
}

/** Git that reads no configuration of the person's or the machine's, from a neutral folder. */
export function runGit(args: string[], input?: Buffer): Promise<{ exit: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      args,
      {
        cwd: '/',
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          HOME: '/nonexistent',
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      // exit -1: git did not start, was killed, or overflowed the buffer.
      (error, stdout) =>
        resolve({
          exit: error ? (typeof error.code === 'number' && error.code !== 0 ? error.code : -1) : 0,
          stdout: String(stdout),
        }),
    );
    child.stdin?.end(input);
  });
}

export interface ConfigEntry {
  key: string;
  value: string;
}

/** The entries of one config file's text (includes not followed); undefined when git cannot parse it. */
export async function configEntries(data: Buffer): Promise<ConfigEntry[] | undefined> {
  const { exit, stdout } = await runGit(['config', '--file', '-', '--list', '--null'], data);
  if (exit !== 0) return undefined;
  return stdout
    .split('\0')
    .filter((record) => record !== '')
    .map((record) => {
      const newline = record.indexOf('\n');
      return newline < 0
        ? { key: record, value: '' }
        : { key: record.slice(0, newline), value: record.slice(newline + 1) };
    });
}

/** The entries that can run code, as `key=value` strings. */
export async function unsafeEntries(data: Buffer): Promise<string[] | undefined> {
  const entries = await configEntries(data);
  return entries?.filter((entry) => !isSafeKey(entry.key)).map((entry) => `${entry.key}=${entry.value}`);
}

/** `git config --unset-all`'s exit code for a key that is not there (any more). */
const NO_SUCH_KEY = 5;
const GIT_DIED = 255;
/**
 * How long a removal waits for a git that holds the file's lock: the command's own git holds it
 * for a moment, between taking it and renaming it over the file.
 */
const LOCK_WAIT_MS = 1_000;
const LOCK_RETRY_MS = 20;

/** Removes every value of each key from the config file at `path`; the keys it could not remove. */
export async function unsetKeys(path: string, keys: readonly string[]): Promise<string[]> {
  const until = Date.now() + LOCK_WAIT_MS;
  const failed: string[] = [];
  for (const key of new Set(keys)) if (!(await unsetKey(path, key, until))) failed.push(key);
  return failed;
}

async function unsetKey(path: string, key: string, until: number): Promise<boolean> {
  for (;;) {
    const { exit } = await runGit(['config', '--file', path, '--unset-all', key]);
    // Gone already (the command removed it itself) is as good as removed.
    if (exit === 0 || exit === NO_SUCH_KEY) return true;
    // 255 is git giving up, as on a lock taken; the lock may have gone again since.
    const locked = exit === GIT_DIED || existsSync(`${path}.lock`);
    if (!locked || Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}
