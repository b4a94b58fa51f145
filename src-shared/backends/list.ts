/**
 * The terminal backends, in Settings order: each one's kind, label, isolation, whether the OS
 * sandbox applies, its config.yaml block and its Settings fields. Its behaviour (how it is
 * created, where it starts) is in src-main/terminal/backends/registry.ts.
 */
import { z } from 'zod';
import { defineBackend } from './descriptor';

export const LocalConfigSchema = z.object({
  /**
   * A POSIX shell for commands; defaults to bash when present, else sh (on Windows: Git for
   * Windows' bash). `wsl` runs commands through wsl.exe.
   */
  shell: z.string().optional(),
  /** Starting directory of new environments; defaults to the process's working directory. */
  cwd: z.string().optional(),
});

export const DockerConfigSchema = z.object({
  socketPath: z.string().default('/var/run/docker.sock'),
  image: z.string().default('debian:bookworm-slim'),
  /** Docker network mode: 'none' (default, no network), 'bridge', 'host' or a network name. */
  network: z.string().default('none'),
  pidsLimit: z.number().int().positive().default(512),
  /** Memory limit: bytes, or a number with a k/m/g suffix ("512m"). */
  memory: z.union([z.number().int().positive(), z.string().regex(/^\d+[kmg]?$/i)]).optional(),
  /** Keep the container on shutdown; it is found again by its label next time. */
  persistent: z.boolean().default(false),
  cwd: z.string().default('/root'),
  user: z.string().optional(),
});

export const SshConfigSchema = z.object({
  host: z.string().min(1),
  port: z.number().int().min(1).max(65_535).default(22),
  username: z.string().min(1),
  privateKeyPath: z.string().optional(),
  /** Authenticate through the SSH agent at SSH_AUTH_SOCK (or `agentSocket`). */
  useAgent: z.boolean().default(false),
  agentSocket: z.string().optional(),
  /** Host keys are checked against this file; an unknown host is refused until accepted. */
  knownHostsPath: z.string().default('~/.ssh/known_hosts'),
  /** Seconds between keep-alive probes; 0 turns them off. */
  keepaliveInterval: z.number().int().min(0).default(15),
  readyTimeoutSeconds: z.number().positive().default(20),
  cwd: z.string().optional(),
});

/** The container CLIs the singularity backend can drive, in the order it looks for them. */
export const SingularityBinarySchema = z.enum(['apptainer', 'singularity']);

export const SingularityConfigSchema = z.object({
  /** A SIF file, a sandbox directory, or a URI the CLI understands (docker://...). */
  image: z.string().optional(),
  /** Which CLI to use; by default apptainer, then singularity. */
  binary: SingularityBinarySchema.optional(),
  cwd: z.string().optional(),
});

export const ModalConfigSchema = z.object({
  /** Credentials; MODAL_TOKEN_ID / MODAL_TOKEN_SECRET in the environment also work. */
  tokenId: z.string().optional(),
  tokenSecret: z.string().optional(),
  appName: z.string().default('caduceus'),
  image: z.string().default('debian:bookworm-slim'),
  blockNetwork: z.boolean().default(true),
  /** Lifetime of a sandbox in seconds. */
  timeoutSeconds: z.number().int().positive().default(3_600),
  cwd: z.string().optional(),
});

export const DaytonaConfigSchema = z.object({
  /** Credentials; DAYTONA_API_KEY in the environment also works. */
  apiKey: z.string().optional(),
  apiUrl: z.string().optional(),
  target: z.string().optional(),
  image: z.string().optional(),
  persistent: z.boolean().default(false),
  cwd: z.string().optional(),
});

export const TERMINAL_BACKENDS = [
  defineBackend({
    kind: 'local',
    label: 'Local',
    isolation: 'local',
    sandboxed: true,
    config: LocalConfigSchema.prefault({}),
    fields: [
      { key: 'shell', label: 'Shell', type: 'text', placeholder: 'bash, or sh when absent' },
      { key: 'cwd', label: 'Working directory', type: 'text', placeholder: 'where Caduceus started' },
    ],
  }),
  defineBackend({
    kind: 'docker',
    label: 'Docker',
    isolation: 'container',
    sandboxed: false,
    config: DockerConfigSchema.prefault({}),
    fields: [
      { key: 'image', label: 'Image', type: 'text', placeholder: 'debian:bookworm-slim' },
      { key: 'socketPath', label: 'Socket', type: 'text', placeholder: '/var/run/docker.sock' },
      { key: 'network', label: 'Network', type: 'text', placeholder: 'none' },
    ],
  }),
  defineBackend({
    kind: 'ssh',
    label: 'SSH',
    isolation: 'remote',
    sandboxed: false,
    // No defaults for the host and user, so the block is absent until they are set.
    config: SshConfigSchema.optional(),
    fields: [
      { key: 'host', label: 'Host', type: 'text', placeholder: 'server.example.org', required: true },
      { key: 'port', label: 'Port', type: 'number', placeholder: '22', min: 1, max: 65535 },
      { key: 'username', label: 'User', type: 'text', required: true },
      { key: 'privateKeyPath', label: 'Key path', type: 'text', placeholder: '~/.ssh/id_ed25519' },
    ],
  }),
  defineBackend({
    kind: 'singularity',
    label: 'Singularity / Apptainer',
    isolation: 'container',
    sandboxed: false,
    config: SingularityConfigSchema.prefault({}),
  }),
  defineBackend({
    kind: 'modal',
    label: 'Modal',
    isolation: 'container',
    sandboxed: false,
    config: ModalConfigSchema.prefault({}),
  }),
  defineBackend({
    kind: 'daytona',
    label: 'Daytona',
    isolation: 'container',
    sandboxed: false,
    config: DaytonaConfigSchema.prefault({}),
  }),
] as const;
