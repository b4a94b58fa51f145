/** The data half of a terminal backend: what every process may know about it. */
import type { z } from 'zod';

/**
 * How the approval gate sees a command run on a backend: on this machine, in a container
 * isolated from it (`approvals.containers: skip` applies), or on someone else's machine.
 */
export type BackendIsolation = 'local' | 'container' | 'remote';

/** One option Settings shows as a named field (its config.yaml name under `terminal.<kind>`). */
export interface BackendField {
  key: string;
  label: string;
  type: 'text' | 'number';
  placeholder?: string;
  required?: boolean;
  min?: number;
  max?: number;
}

export interface BackendDescriptor<K extends string = string, C extends z.ZodType = z.ZodType> {
  kind: K;
  /** Its name in Settings. */
  label: string;
  isolation: BackendIsolation;
  /** Whether the OS sandbox (config.yaml `sandbox`) wraps its commands. */
  sandboxed: boolean;
  /** Its block of config.yaml, `terminal.<kind>`, with its defaults (or optional when it has none). */
  config: C;
  /** The options Settings shows as named fields; without them it edits the block as config.yaml keys. */
  fields?: readonly BackendField[];
}

/** Keeps the kind and the config block's type, so the enum and config schema derive from the list. */
export function defineBackend<const K extends string, C extends z.ZodType>(
  descriptor: BackendDescriptor<K, C>,
): BackendDescriptor<K, C> {
  return descriptor;
}
