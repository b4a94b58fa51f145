import {
  BACKEND_KINDS,
  backendInfo,
  type BackendField,
  type TerminalBackendKind,
} from '../../../src-shared/backends/registry';

export type { BackendField };

/** The backends Settings offers, from the backend registry. */
export const BACKENDS = BACKEND_KINDS;

/** The options of a backend that Settings shows as named fields; undefined: edited as config.yaml keys. */
export function backendFields(kind: TerminalBackendKind): readonly BackendField[] | undefined {
  return backendInfo(kind).fields;
}

export function backendLabel(kind: TerminalBackendKind): string {
  return backendInfo(kind).label;
}

/** A typed value from a free-form field: numbers and booleans as such, everything else as text. */
export function parseLoose(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed !== '' && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return text;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Sets or (for an empty value) removes one option, keeping the backend's other options. */
export function withOption(
  options: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const next = { ...options };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
