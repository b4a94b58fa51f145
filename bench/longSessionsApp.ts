/**
 * `caduceus serve` on the long-sessions fixture (10,000 sessions, two long ones). The database is
 * generated once per bench process and copied into each served home.
 */
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BENCH_FIXTURE,
  writeLongSessions,
  type LongSessionsFixture,
} from '../src-main/agent/sessions/testing/longSessions';
import { withServedApp, type ServedApp } from './servedApp';
import { removeAtExit } from '../e2e/support/atExit';

interface Template {
  db: string;
  fixture: LongSessionsFixture;
}

let template: Promise<Template> | undefined;

/**
 * The fixture's sessions work in an empty folder of their own beside the template: a turn sent
 * in one takes a checkpoint of its folder, which must not be all of the temp directory.
 */
async function buildTemplate(): Promise<Template> {
  const home = await mkdtemp(join(tmpdir(), 'caduceus-bench-long-'));
  // Kept for every suite of the bench run, and removed when it ends.
  removeAtExit(home);
  const workspace = join(home, 'workspace');
  await mkdir(workspace);
  const fixture = writeLongSessions(home, { ...BENCH_FIXTURE, workspace });
  return { db: join(home, 'sessions.db'), fixture };
}

export async function withLongSessionsApp<T>(
  name: string,
  bench: (app: ServedApp, fixture: LongSessionsFixture) => Promise<T>,
): Promise<T> {
  template ??= buildTemplate();
  const { db, fixture } = await template;
  return withServedApp(
    name,
    (app) => bench(app, fixture),
    async (home) => {
      await mkdir(home, { recursive: true });
      await copyFile(db, join(home, 'sessions.db'));
    },
  );
}
