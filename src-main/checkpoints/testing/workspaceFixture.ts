/** Real folders and real git for checkpoint tests. */
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolatedEnv } from '../storeGit';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `caduceus-${prefix}-`));
}

/** git in a test workspace, as a person would run it (but never with their config). */
export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    env: isolatedEnv(),
    encoding: 'utf8',
  });
}

/**
 * Everything under `root` that a restore must bring back: each path's kind, permission bits and
 * content (a link's target), folders included. `skip` names top-level entries to leave out.
 */
export function fingerprint(root: string, skip: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const abs = rel ? join(root, rel) : root;
    for (const name of readdirSync(abs).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (!rel && skip.includes(name)) continue;
      const st = lstatSync(join(root, path));
      const perm = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out[path] = `link ${readlinkSync(join(root, path))}`;
      else if (st.isDirectory()) {
        out[path] = `dir ${perm}`;
        walk(path);
      } else out[path] = `file ${perm} ${readFileSync(join(root, path)).toString('base64')}`;
    }
  };
  out[''] = `dir ${(lstatSync(root).mode & 0o7777).toString(8)}`;
  walk('');
  return out;
}

export function write(root: string, rel: string, content: string | Buffer): void {
  writeFileSync(join(root, rel), content);
}

export function cleanup(...dirs: string[]): void {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
