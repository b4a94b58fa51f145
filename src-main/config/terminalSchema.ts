/** Configuration of the terminal layer, as plain objects validated by zod (plugged into config.yaml). */
import { z } from 'zod';
import { TerminalBackendKindSchema } from '../../src-shared/ipc/schemas';
import { DEFAULT_MAX_OUTPUT_CHARS } from '../../src-shared/constants';

const EnvSchema = z.record(z.string(), z.string());

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

// The backends Settings offers are exactly these.
export const BackendKindSchema = TerminalBackendKindSchema;

export const TerminalConfigSchema = z.object({
  backend: BackendKindSchema.default('local'),
  local: LocalConfigSchema.prefault({}),
  docker: DockerConfigSchema.prefault({}),
  ssh: SshConfigSchema.optional(),
  singularity: SingularityConfigSchema.prefault({}),
  modal: ModalConfigSchema.prefault({}),
  daytona: DaytonaConfigSchema.prefault({}),
  /** Extra environment variables for every command. */
  env: EnvSchema.default({}),
  /** Environments unused this long are cleaned up (unless background processes run). */
  idleTimeoutSeconds: z.number().int().positive().default(600),
  maxOutputChars: z.number().int().positive().default(DEFAULT_MAX_OUTPUT_CHARS),
  /** Characters of output kept per background process. */
  processBufferChars: z.number().int().positive().default(1_000_000),
});

export type LocalConfig = z.infer<typeof LocalConfigSchema>;
export type DockerConfig = z.infer<typeof DockerConfigSchema>;
export type SshConfig = z.infer<typeof SshConfigSchema>;
export type SingularityConfig = z.infer<typeof SingularityConfigSchema>;
export type ModalConfig = z.infer<typeof ModalConfigSchema>;
export type DaytonaConfig = z.infer<typeof DaytonaConfigSchema>;
export type TerminalConfig = z.infer<typeof TerminalConfigSchema>;
/** What callers may pass: every field with a default is optional. */
export type TerminalConfigInput = z.input<typeof TerminalConfigSchema>;
