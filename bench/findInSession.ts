/**
 * Find-in-session (`sessions.find`) on the long-session fixture: a 2,000-call session with ~20 MB
 * of output. Median of several runs of main's query, for a word found once early on, a common
 * word (the limit stops it) and a path.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionStore } from '../src-main/agent/sessions/store';
import { BENCH_FIXTURE, writeLongSessions } from '../src-main/agent/sessions/testing/longSessions';

const RUNS = 9;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
}

export async function benchFindInSession(): Promise<Record<string, number>> {
  const home = await mkdtemp(join(tmpdir(), 'caduceus-bench-find-'));
  try {
    const fixture = writeLongSessions(home, {
      ...BENCH_FIXTURE,
      long: 1,
      sessions: 100,
      workspace: tmpdir(),
    });
    const store = SessionStore.open(home);
    const id = fixture.longIds[0] ?? '';
    const timed = (query: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        store.find(id, query);
        times.push(performance.now() - start);
      }
      return median(times);
    };
    try {
      return {
        find_in_session_rare_ms: timed(fixture.earlyMark.toUpperCase()),
        find_in_session_common_ms: timed('build'),
        find_in_session_path_ms: timed('src/parser/'),
      };
    } finally {
      store.close();
    }
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
