import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The random part always draws the same bits, which is the clash a burst of sessions can meet.
vi.mock('node:crypto', async (original) => ({
  ...(await original<object>()),
  randomBytes: (n: number) => Buffer.alloc(n, 0xab),
}));

const { newSessionId } = await import('./sessionId');
const { SessionStore } = await import('./store');

afterEach(() => vi.useRealTimers());

describe('session ids', () => {
  it('keeps the readable, sortable form', () => {
    expect(newSessionId(new Date(Date.UTC(2026, 0, 30, 14, 25, 1)))).toMatch(/^20260130-142501-[0-9a-f]{6}$/);
  });

  it('never hands out one id twice in a second, even when the random part repeats', () => {
    const now = new Date(Date.UTC(2026, 1, 2, 3, 4, 5));
    const ids = Array.from({ length: 50 }, () => newSessionId(now));
    expect(new Set(ids).size).toBe(50);
    expect(ids[0]).toBe('20260202-030405-ababab');
    expect(ids[1]).toBe('20260202-030405-ababac');
  });

  it('steps past an id a stored session already has, whichever process made it', () => {
    const now = new Date(Date.UTC(2026, 1, 2, 3, 4, 6));
    const taken = new Set(['20260202-030406-ababab', '20260202-030406-ababac']);
    expect(newSessionId(now, (id) => taken.has(id))).toBe('20260202-030406-ababad');
  });

  it('lets a store make many sessions in one second, each with its own id', async () => {
    const home = await mkdtemp(join(tmpdir(), 'caduceus-ids-'));
    const store = SessionStore.open(home);
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.UTC(2026, 1, 2, 3, 4, 7));
      const made = Array.from({ length: 40 }, (_, i) => store.createSession({ title: `s${i}` }).id);
      expect(new Set(made).size).toBe(40);
      expect(store.listSessions({ limit: 100 })).toHaveLength(40);
      // An id another process stored in the same second is stepped past, not loaded or overwritten.
      vi.setSystemTime(Date.UTC(2026, 1, 2, 3, 4, 8));
      store.createSession({ id: '20260202-030408-ababab', title: 'from the CLI' });
      const mine = store.createSession({ title: 'mine' });
      expect(mine.id).toBe('20260202-030408-ababac');
      expect(store.getSession('20260202-030408-ababab')?.title).toBe('from the CLI');
    } finally {
      store.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
