/** The terminal backends as one registry: the enum, the config blocks and each one's facts. */
import { z } from 'zod';
import type { BackendDescriptor } from './descriptor';
import { TERMINAL_BACKENDS } from './list';

export type { BackendDescriptor, BackendField, BackendIsolation } from './descriptor';

type Listed = (typeof TERMINAL_BACKENDS)[number];
export type TerminalBackendKind = Listed['kind'];

/** Every backend's kind, in Settings order. */
export const BACKEND_KINDS = TERMINAL_BACKENDS.map((b) => b.kind) as [
  TerminalBackendKind,
  ...TerminalBackendKind[],
];

export const TerminalBackendKindSchema = z.enum(BACKEND_KINDS);

/** The blocks of config.yaml `terminal`, one per backend, keyed by kind. */
export const BACKEND_CONFIG_SHAPE = Object.fromEntries(TERMINAL_BACKENDS.map((b) => [b.kind, b.config])) as {
  [B in Listed as B['kind']]: B['config'];
};

const byKind = new Map<string, BackendDescriptor>(TERMINAL_BACKENDS.map((b) => [b.kind, b]));

/** The descriptor of a backend; a kind that is not listed is an error, never a guess. */
export function backendInfo(kind: string): BackendDescriptor {
  const found = byKind.get(kind);
  if (!found) throw new Error(`unknown terminal backend "${kind}"`);
  return found;
}
