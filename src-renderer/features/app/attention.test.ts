import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { shouldNotify, waitingSessions, windowTitle } from './attention';

const session = (id: string, state?: SessionSummary['state']): SessionSummary => ({
  id,
  title: id,
  createdAt: 0,
  updatedAt: 0,
  messageCount: 0,
  ...(state ? { state } : {}),
});

describe('attention', () => {
  it('counts each waiting session once, from the list, live states and pending approvals', () => {
    const waiting = waitingSessions(
      [session('a', 'waiting'), session('b', 'running'), session('c', 'waiting')],
      { c: 'running', d: 'waiting' },
      ['b', 'b'],
    );
    expect([...waiting].sort()).toEqual(['a', 'b', 'd']);
    expect(windowTitle(waiting.size)).toBe('(3) Caduceus');
    expect(windowTitle(0)).toBe('Caduceus');
  });

  it('notifies only when the person cannot see the session, and long turns only', () => {
    const base = { enabled: true, focused: true, inView: false, minTurnSeconds: 30 };
    expect(shouldNotify({ ...base, kind: 'approval' })).toBe(true);
    expect(shouldNotify({ ...base, inView: true, kind: 'approval' })).toBe(false);
    expect(shouldNotify({ ...base, inView: true, focused: false, kind: 'input' })).toBe(true);
    expect(shouldNotify({ ...base, enabled: false, kind: 'approval' })).toBe(false);
    expect(shouldNotify({ ...base, kind: 'finished', turnSeconds: 5 })).toBe(false);
    expect(shouldNotify({ ...base, kind: 'finished', turnSeconds: 31 })).toBe(true);
  });
});
