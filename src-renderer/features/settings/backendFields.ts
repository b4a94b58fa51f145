import { TerminalBackendKindSchema, type TerminalBackendKind } from '../../../src-shared/ipc/schemas';

/** The options of each terminal backend that Settings shows as named fields (config.yaml names). */
export interface BackendField {
  key: string;
  label: string;
  type: 'text' | 'number';
  placeholder?: string;
  required?: boolean;
  min?: number;
  max?: number;
}

export const BACKENDS = TerminalBackendKindSchema.options;
export type BackendKind = TerminalBackendKind;

export const BACKEND_FIELDS: Partial<Record<BackendKind, BackendField[]>> = {
  local: [
    { key: 'shell', label: 'Shell', type: 'text', placeholder: 'bash, or sh when absent' },
    { key: 'cwd', label: 'Working directory', type: 'text', placeholder: 'where Caduceus started' },
  ],
  docker: [
    { key: 'image', label: 'Image', type: 'text', placeholder: 'debian:bookworm-slim' },
    { key: 'socketPath', label: 'Socket', type: 'text', placeholder: '/var/run/docker.sock' },
    { key: 'network', label: 'Network', type: 'text', placeholder: 'none' },
  ],
  ssh: [
    { key: 'host', label: 'Host', type: 'text', placeholder: 'server.example.org', required: true },
    { key: 'port', label: 'Port', type: 'number', placeholder: '22', min: 1, max: 65535 },
    { key: 'username', label: 'User', type: 'text', required: true },
    { key: 'privateKeyPath', label: 'Key path', type: 'text', placeholder: '~/.ssh/id_ed25519' },
  ],
};

export const BACKEND_LABELS: Record<BackendKind, string> = {
  local: 'Local',
  docker: 'Docker',
  ssh: 'SSH',
  singularity: 'Singularity / Apptainer',
  modal: 'Modal',
  daytona: 'Daytona',
};

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
