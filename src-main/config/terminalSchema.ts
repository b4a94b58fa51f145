/** Configuration of the terminal layer, as plain objects validated by zod (plugged into config.yaml). */
import { z } from 'zod';
import { DEFAULT_MAX_OUTPUT_CHARS } from '../../src-shared/constants';
import type {
  DaytonaConfigSchema,
  DockerConfigSchema,
  LocalConfigSchema,
  ModalConfigSchema,
  SingularityConfigSchema,
  SshConfigSchema,
} from '../../src-shared/backends/list';
import { BACKEND_CONFIG_SHAPE, TerminalBackendKindSchema } from '../../src-shared/backends/registry';

const EnvSchema = z.record(z.string(), z.string());

export const TerminalConfigSchema = z.object({
  backend: TerminalBackendKindSchema.default('local'),
  // One block per backend, `terminal.<kind>`, from its descriptor.
  ...BACKEND_CONFIG_SHAPE,
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
