/** The behaviour half of a terminal backend; its data half is in src-shared/backends/list.ts. */
import type { TerminalConfig } from '../../config/terminalSchema';
import type { Sandbox } from '../../sandbox/sandbox';
import type { TerminalBackend } from '../types';

export interface BackendBehaviour {
  /** The backend for one environment; `sandbox` is passed to a backend whose descriptor says it applies. */
  create(config: TerminalConfig, environmentKey: string, sandbox?: Sandbox): TerminalBackend;
  /**
   * Where new environments start; `hostDefault` is the host's choice for a backend running on
   * this machine (the process's cwd when unset).
   */
  defaultCwd(config: TerminalConfig, hostDefault?: string): string | undefined;
  /** Whether its commands see this machine's paths (a task's workspace is then its cwd); default no. */
  hostPaths?(config: TerminalConfig): boolean;
}
