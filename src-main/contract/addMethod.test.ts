/**
 * The "add an IPC method" recipe of docs/architecture.md, followed with a throwaway method: its
 * name in src-shared/ipc/names.ts and its entry in contract.ts (both mocked here), and its handler. The router validates its
 * input before the handler runs, and both hosts expose it by its camel-case name.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Handlers } from './router';

vi.mock('../../src-shared/ipc/names', async (importOriginal) => {
  const real = await importOriginal<{ REQUEST_NAMES: string[] }>();
  return { ...real, REQUEST_NAMES: [...real.REQUEST_NAMES, 'fake.echo'] };
});
vi.mock('../../src-shared/ipc/contract', async (importOriginal) => {
  const real = await importOriginal<{ requests: object }>();
  const { z } = await import('zod');
  const echo = {
    input: z.object({ text: z.string().min(1) }).strict(),
    output: z.object({ echoed: z.string() }),
  };
  return {
    ...real,
    requests: { ...real.requests, 'fake.echo': echo },
  };
});

const { createRouter } = await import('./router');
const { REQUEST_NAMES } = await import('../../src-shared/ipc/names');
const { requestMethodName } = await import('../../src-shared/ipc/bridge');

describe('adding an IPC method', () => {
  const seen: unknown[] = [];
  const handlers = {
    'fake.echo': (input: { text: string }) => {
      seen.push(input);
      return { echoed: input.text };
    },
  } as unknown as Handlers;
  const invoke = createRouter(handlers);

  it('is answered by its handler', async () => {
    expect(await invoke('fake.echo', { text: 'hi' })).toEqual({ ok: true, value: { echoed: 'hi' } });
  });

  it('has its input checked against the contract before the handler runs', async () => {
    const reply = await invoke('fake.echo', { text: '', extra: 1 });
    expect(reply.ok).toBe(false);
    expect(seen).toEqual([{ text: 'hi' }]);
  });

  it('is exposed by name to the preload and the WebSocket client', () => {
    expect(REQUEST_NAMES).toContain('fake.echo');
    expect(requestMethodName('fake.echo')).toBe('fakeEcho');
  });
});
