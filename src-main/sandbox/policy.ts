/**
 * What a sandboxed command may touch, from config.yaml's `sandbox:` and the session's folders.
 * Pure: the same inputs give the same policy, so tests and the status view can read it.
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { SandboxConfig, SandboxMode } from '../config/sandboxSchema';

export interface SandboxPlaces {
  /** The session's working folder: writable under workspace-write. */
  workspace: string;
  /** The per-session temp folder; TMPDIR points here. Always writable. */
  tmpDir: string;
  /** `$CADUCEUS_HOME`: never writable, its secrets never readable. */
  caduceusHome: string;
  /** Folders the runtime itself needs writable (the terminal's state files). */
  internalRoots?: readonly string[];
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

/** Credentials in the user's home that no command needs to read. */
export const HOME_SECRETS = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.config/gcloud',
  '.azure',
  '.kube',
  '.docker/config.json',
];
/** Caduceus's own secrets: stored keys and the session history. */
export const CADUCEUS_SECRETS = ['secrets.json', '.env', 'sessions.db', 'sessions.db-wal', 'sessions.db-shm'];

export function buildSandboxPolicy(config: SandboxConfig, places: SandboxPlaces): SandboxPolicy | undefined {
  if (config.mode === 'off') return undefined;
  const home = places.home ?? homedir();
  const expand = (path: string) =>
    path === '~'
      ? home
      : path.startsWith('~/')
        ? join(home, path.slice(2))
        : isAbsolute(path)
          ? path
          : resolve(path);
  const workspace = resolve(places.workspace);
  const writeRoots = [
    ...(config.mode === 'workspace-write' ? [workspace, ...config.writable_roots.map(expand)] : []),
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
    denyRead: [
      ...HOME_SECRETS.map((name) => join(home, name)),
      ...CADUCEUS_SECRETS.map((name) => join(caduceusHome, name)),
    ],
    allowedDomains: [...config.network.allowed_domains],
  };
}
