/**
 * What a sandboxed command may touch, from config.yaml's `sandbox:` and the session's folders.
 * Pure: the same inputs give the same policy, so tests and the status view can read it.
 */
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { SandboxConfig, SandboxMode } from '../config/sandboxSchema';
import { deniedPaths, expandHome } from './readPolicy';

export interface SandboxPlaces {
  /** The session's working folder: writable under workspace-write. */
  workspace: string;
  /** The per-session temp folder; TMPDIR points here. Always writable. */
  tmpDir: string;
  /** `$CADUCEUS_HOME`: never writable, its secrets never readable (readPolicy.ts). */
  caduceusHome: string;
  /** Folders the runtime itself needs writable (the terminal's state files). */
  internalRoots?: readonly string[];
  /**
   * Folders this session alone may also write under workspace-write: a worktree session's
   * objects, refs, logs and `worktrees/<name>` in the main repository's `.git`.
   */
  sessionRoots?: readonly string[];
  home?: string;
}

export interface SandboxPolicy {
  mode: Exclude<SandboxMode, 'off'>;
  workspace: string;
  tmpDir: string;
  writeRoots: string[];
  /** Inside the write roots but never writable. */
  denyWrite: string[];
  denyRead: string[];
  allowedDomains: string[];
}

export function buildSandboxPolicy(config: SandboxConfig, places: SandboxPlaces): SandboxPolicy | undefined {
  if (config.mode === 'off') return undefined;
  const home = places.home ?? homedir();
  const expand = (path: string) =>
    path === '~' || path.startsWith('~/') ? expandHome(path, home) : isAbsolute(path) ? path : resolve(path);
  const workspace = resolve(places.workspace);
  const writeRoots = [
    ...(config.mode === 'workspace-write'
      ? [workspace, ...config.writable_roots.map(expand), ...(places.sessionRoots ?? [])]
      : []),
    resolve(places.tmpDir),
    ...(places.internalRoots ?? []),
  ];
  const caduceusHome = resolve(places.caduceusHome);
  return {
    mode: config.mode,
    workspace,
    tmpDir: resolve(places.tmpDir),
    writeRoots: [...new Set(writeRoots)],
    denyWrite: [caduceusHome],
    denyRead: deniedPaths({ home, caduceusHome, denyRead: config.deny_read }),
    allowedDomains: [...config.network.allowed_domains],
  };
}
