import type { TerminalBackendKind } from '../../../src-shared/backends/registry';
import { backendFields } from './backendFields';

/** Text typed into a backend's fields, by config.yaml key. */
export type Draft = Record<string, string>;

export function draftOf(backend: TerminalBackendKind, options: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const field of backendFields(backend) ?? [])
    draft[field.key] = options[field.key] === undefined ? '' : String(options[field.key]);
  return draft;
}

/** The options to save: the backend's other options kept, empty fields dropped, numbers as numbers. */
export function optionsOf(
  backend: TerminalBackendKind,
  options: Record<string, unknown>,
  draft: Draft,
): Record<string, unknown> {
  const next = { ...options };
  for (const field of backendFields(backend) ?? []) {
    const text = (draft[field.key] ?? '').trim();
    if (!text) delete next[field.key];
    else next[field.key] = field.type === 'number' ? Number(text) : text;
  }
  return next;
}

/** Field errors shown before anything is sent (main checks again). */
export function draftErrors(backend: TerminalBackendKind, draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of backendFields(backend) ?? []) {
    const text = (draft[field.key] ?? '').trim();
    if (field.required && !text) errors[field.key] = `${field.label} is required.`;
    if (field.type === 'number' && text) {
      const n = Number(text);
      if (!Number.isInteger(n) || n < (field.min ?? -Infinity) || n > (field.max ?? Infinity))
        errors[field.key] =
          `${field.label} must be a whole number from ${field.min ?? ''} to ${field.max ?? ''}.`;
    }
  }
  return errors;
}
