/** Builds the configured backend for one environment, from its entry in the backend registry. */
import type { Sandbox } from '../../sandbox/sandbox';
import { backendInfo, type TerminalBackendKind } from '../../../src-shared/backends/registry';
import type { TerminalConfig } from '../../config/terminalSchema';
import type { TerminalBackend } from '../types';
import type { BackendBehaviour } from './behaviour';
import { BACKEND_BEHAVIOURS } from './registry';

function behaviourOf(kind: TerminalBackendKind): BackendBehaviour {
  const found = (BACKEND_BEHAVIOURS as Partial<Record<string, BackendBehaviour>>)[kind];
  if (!found) throw new Error(`terminal backend "${kind}" has no behaviour registered`);
  return found;
}

/** The OS sandbox reaches only a backend whose descriptor says it applies. */
export function createBackend(
  config: TerminalConfig,
  environmentKey: string,
  sandbox?: Sandbox,
): TerminalBackend {
  const sandboxed = backendInfo(config.backend).sandboxed;
  return behaviourOf(config.backend).create(config, environmentKey, sandboxed ? sandbox : undefined);
}

/** Whether the configured backend's commands see this machine's paths. */
export function backendHostPaths(config: TerminalConfig): boolean {
  return behaviourOf(config.backend).hostPaths?.(config) ?? false;
}

/** Where new environments of the configured backend start. */
export function backendDefaultCwd(config: TerminalConfig, hostDefault?: string): string | undefined {
  return behaviourOf(config.backend).defaultCwd(config, hostDefault);
}
