/** `sandbox:` in config.yaml — how locally run commands are contained. */
import { z } from 'zod';
import { SandboxModeSchema } from '../../src-shared/ipc/schemas';

export { SandboxModeSchema };
export type SandboxMode = z.infer<typeof SandboxModeSchema>;

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
});
export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;
export type SandboxConfigInput = z.input<typeof SandboxConfigSchema>;
