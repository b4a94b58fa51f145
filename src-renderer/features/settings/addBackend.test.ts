/**
 * The "add a backend" recipe of docs/architecture.md as Settings sees it: a descriptor appended
 * to src-shared/backends/list.ts (mocked here) is offered with its label, fields and checks.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src-shared/backends/list', async (importOriginal) => {
  const real = await importOriginal<{ TERMINAL_BACKENDS: readonly unknown[] }>();
  const { FAKE_BACKEND } = await import('../../../src-shared/backends/testing/fakeBackend');
  return { ...real, TERMINAL_BACKENDS: [...real.TERMINAL_BACKENDS, FAKE_BACKEND] };
});

const { BACKENDS, backendFields, backendLabel } = await import('./backendFields');
const { draftErrors, optionsOf } = await import('./backendDraft');
const { SettingsSchema } = await import('../../../src-shared/ipc/schemas');

describe('a new backend in Settings', () => {
  const fake = 'fake' as never;

  it('is offered with its label and named fields', () => {
    expect(BACKENDS).toContain('fake');
    expect(backendLabel(fake)).toBe('Fake cloud');
    expect(backendFields(fake)?.map((f) => f.key)).toEqual(['endpoint']);
  });

  it('checks and saves its fields like any other', () => {
    expect(draftErrors(fake, { endpoint: ' ' })).toEqual({ endpoint: 'Endpoint is required.' });
    expect(optionsOf(fake, {}, { endpoint: 'fake://x' })).toEqual({ endpoint: 'fake://x' });
  });

  it('is a backend the settings contract accepts', () => {
    const settings = SettingsSchema.shape.terminal.safeParse({ backend: 'fake' });
    expect(settings.success).toBe(true);
  });
});
