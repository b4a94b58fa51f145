/**
 * The "add a backend" recipe of docs/architecture.md, followed with a throwaway backend: its
 * descriptor appended to src-shared/backends/list.ts and its behaviour to ./registry.ts (the
 * two edits, mocked here), and the config schema, factory, default cwd and gate all know it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { TerminalBackend } from '../types';

vi.mock('../../../src-shared/backends/list', async (importOriginal) => {
  const real = await importOriginal<{ TERMINAL_BACKENDS: readonly unknown[] }>();
  const { FAKE_BACKEND } = await import('../../../src-shared/backends/testing/fakeBackend');
  return { ...real, TERMINAL_BACKENDS: [...real.TERMINAL_BACKENDS, FAKE_BACKEND] };
});

const created: { key: string; endpoint: unknown }[] = [];
vi.mock('./registry', async (importOriginal) => {
  const real = await importOriginal<{ BACKEND_BEHAVIOURS: object }>();
  const block = (config: object) => (config as Record<string, { endpoint?: string; cwd?: string }>)['fake'];
  return {
    BACKEND_BEHAVIOURS: {
      ...real.BACKEND_BEHAVIOURS,
      fake: {
        create: (config: object, key: string, sandbox?: unknown) => {
          created.push({ key, endpoint: block(config)?.endpoint });
          return { kind: 'fake', sandbox } as unknown as TerminalBackend;
        },
        defaultCwd: (config: object) => block(config)?.cwd,
      },
    },
  };
});

const { TerminalConfigSchema } = await import('../../config/terminalSchema');
const { backendDefaultCwd, backendHostPaths, createBackend } = await import('./factory');
const { gateBackendKind } = await import('../../approval/gate/toolGate');
const { BACKEND_KINDS, TerminalBackendKindSchema } = await import('../../../src-shared/backends/registry');

describe('adding a terminal backend', () => {
  const config = TerminalConfigSchema.parse({ backend: 'fake', fake: { endpoint: 'fake://there' } });

  it('puts it in the enum and gives config.yaml its block, with the defaults', () => {
    expect(BACKEND_KINDS).toContain('fake');
    expect(TerminalBackendKindSchema.safeParse('fake').success).toBe(true);
    expect((config as unknown as { fake: unknown }).fake).toEqual({
      endpoint: 'fake://there',
      cwd: '/fake/home',
    });
  });

  it('is built by the factory, without the OS sandbox its descriptor says does not apply', () => {
    const sandbox = { enabled: true } as never;
    const backend = createBackend(config, 'env-1', sandbox) as unknown as { kind: string; sandbox: unknown };
    expect(backend.kind).toBe('fake');
    expect(backend.sandbox).toBeUndefined();
    expect(created).toEqual([{ key: 'env-1', endpoint: 'fake://there' }]);
    expect(backendDefaultCwd(config, '/host/cwd')).toBe('/fake/home');
    // It does not say it sees this machine's paths, so no task's workspace becomes its cwd.
    expect(backendHostPaths(config)).toBe(false);
    expect(backendHostPaths(TerminalConfigSchema.parse({}))).toBe(true);
  });

  it('is seen by the gate as its descriptor says, and an unlisted kind is refused rather than guessed', () => {
    expect(gateBackendKind('fake' as never)).toBe('remote');
    expect(gateBackendKind('docker')).toBe('container');
    expect(() => gateBackendKind('nowhere' as never)).toThrow(/unknown terminal backend "nowhere"/);
  });
});
