/**
 * Files inside the workspace that make code run later (git hooks, shell rc files, editor
 * tasks, direnv): a command may not write them. The library looks for these under the
 * process's own working directory on every command; ours is the session's workspace, so the
 * scan is ours too — once per workspace, again only after a command may have changed it.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  DANGEROUS_FILES,
  getDangerousDirectories,
} from '@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js';

/** The library's list plus files other tools run on their own (direnv, more shell start-up files). */
export const PROTECTED_FILES: readonly string[] = [
  ...DANGEROUS_FILES,
  '.envrc',
  '.bash_login',
  '.bash_logout',
  '.zshenv',
  '.zlogin',
];
export const PROTECTED_DIRS: readonly string[] = getDangerousDirectories();
/** Read by every git of the person's when the workspace is their home folder. */
const HOME_ONLY = ['.config/git'];
/** How deep below the workspace nested repositories and dotfiles are looked for. */
const MAX_DEPTH = 3;
const SKIP = new Set(['node_modules', '.git']);

/**
 * Names a command may not create at the top of a root, which the guard (plantGuard.ts) undoes
 * after it: the ones that run code in a workspace by themselves (direnv, editor tasks, MCP
 * servers), and the shell's and git's own files when the root is the home folder. Nothing is
 * mounted in their place, so what a person and the model list is the real folder.
 */
export function absentProtectedNames(root: string, home = homedir()): string[] {
  const always = ['.envrc', '.vscode', '.idea', '.mcp.json'];
  return root === home
    ? [...new Set([...always, ...PROTECTED_FILES, ...PROTECTED_DIRS, ...HOME_ONLY])]
    : always;
}
async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Existing protected paths directly in the workspace; absent ones are the guard's. */
async function topLevel(workspace: string, dotGitIsDir: boolean, home: string): Promise<string[]> {
  const candidates = [...PROTECTED_FILES, ...PROTECTED_DIRS, ...(workspace === home ? HOME_ONLY : [])];
  // A repository's hooks and config; before `git init` there is no .git to protect.
  if (dotGitIsDir) candidates.push('.git/hooks', '.git/config');
  const present = await Promise.all(candidates.map((name) => exists(join(workspace, name))));
  return candidates.filter((_, i) => present[i]).map((name) => join(workspace, name));
}

async function isDir(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** Existing protected paths below the workspace's top level, down to MAX_DEPTH. */
async function nested(dir: string, depth: number, found: string[]): Promise<void> {
  if (depth > MAX_DEPTH) return;
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  const subdirs: Promise<void>[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (depth > 0) {
      if (PROTECTED_FILES.includes(entry.name) || PROTECTED_DIRS.includes(entry.name)) found.push(path);
      if (entry.name === '.git' && entry.isDirectory())
        for (const inGit of ['hooks', 'config'])
          if (await exists(join(path, inGit))) found.push(join(path, inGit));
    }
    if (entry.isDirectory() && !SKIP.has(entry.name) && !entry.isSymbolicLink())
      subdirs.push(nested(path, depth + 1, found));
  }
  await Promise.all(subdirs);
}

export async function scanProtectedPaths(workspace: string, home = homedir()): Promise<string[]> {
  const found = await topLevel(workspace, await isDir(join(workspace, '.git')), home);
  await nested(workspace, 0, found);
  return [...new Set(found)];
}

/**
 * One deep scan per workspace, reused until `refresh` (after a command ran there), which scans
 * again at once: the next command usually finds the answer ready instead of waiting for it. The
 * top level is checked afresh every time (a few stats), so a file that appeared since the last
 * scan — written by a person or a file tool — is protected all the same.
 */
export class ProtectedPathsCache {
  private readonly scans = new Map<string, Promise<string[]>>();

  constructor(private readonly home = homedir()) {}

  async get(workspace: string): Promise<string[]> {
    let scan = this.scans.get(workspace);
    if (!scan) {
      scan = scanProtectedPaths(workspace, this.home);
      this.scans.set(workspace, scan);
    }
    const [deep, top] = await Promise.all([
      scan,
      isDir(join(workspace, '.git')).then((dotGitIsDir) => topLevel(workspace, dotGitIsDir, this.home)),
    ]);
    return [...new Set([...deep, ...top])];
  }

  refresh(workspace: string): void {
    const scan = scanProtectedPaths(workspace, this.home);
    scan.catch(() => undefined);
    this.scans.set(workspace, scan);
  }
}
