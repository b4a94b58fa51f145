/** `sandbox:` in config.yaml — how locally run commands are contained. */
import { z } from 'zod';
import { SandboxModeSchema } from '../../src-shared/ipc/schemas';

export { SandboxModeSchema };
export type SandboxMode = z.infer<typeof SandboxModeSchema>;

/**
 * What one sandboxed command may use; 0 turns a limit off. The defaults leave room for real
 * builds (parallel compilers, package installs) and stop a fork storm or a disk-filling loop.
 */
export const SandboxLimitsSchema = z.object({
  /** Processes and threads running at once in the command's sandbox. */
  processes: z.number().int().min(0).default(4096),
  /** The largest file the command may write, in MiB. */
  file_size_mib: z.number().int().min(0).default(8192),
  /** How much the disks under the writable folders may fill while the command runs, in MiB. */
  disk_growth_mib: z.number().int().min(0).default(20480),
});
export type SandboxLimits = z.infer<typeof SandboxLimitsSchema>;

export const SandboxConfigSchema = z.object({
  /**
   * workspace-write: commands write only the workspace, the session's temp folder and
   * `writable_roots`; read-only: only the temp folder; off: no sandbox (the UI warns).
   */
  mode: SandboxModeSchema.default('workspace-write'),
  /** More folders commands may write (absolute, or `~/...`). */
  writable_roots: z.array(z.string()).default([]),
  /** More files or folders no command or file tool reads without a yes (absolute, or `~/...`). */
  deny_read: z.array(z.string()).default([]),
  /** Hosts a command may reach (through the library's filtering proxy); none means no network. */
  network: z.object({ allowed_domains: z.array(z.string()).default([]) }).default({ allowed_domains: [] }),
  limits: SandboxLimitsSchema.prefault({}),
});
export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;
export type SandboxConfigInput = z.input<typeof SandboxConfigSchema>;
