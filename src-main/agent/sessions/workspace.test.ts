import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_V1 } from './db';
import { loadSqlite } from './sqlite';
import { SessionStore } from './store';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-sessions-ws-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** A sessions.db as the first schema version wrote it, with one session in it. */
function writeVersionOneDb(path: string): void {
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(path);
  db.exec(`BEGIN; ${SCHEMA_V1} PRAGMA user_version = 1; COMMIT;`);
  db.exec(`INSERT INTO sessions (id, title, created_at, updated_at) VALUES ('old-1', 'from before', 1, 1);
    INSERT INTO messages (session_id, role, content, created_at) VALUES ('old-1', 'user', 'hello there', 1);`);
  db.close();
}

describe('session workspaces', () => {
  it('stores a session with its workspace and reads it back after reopening', () => {
    const store = SessionStore.open(home);
    const created = store.createSession({ title: 'ws', workspace: '/work/project' });
    expect(created.workspace).toBe('/work/project');
    const bare = store.createSession({ title: 'no ws' });
    expect(bare.workspace).toBeNull();
    store.close();

    const reopened = SessionStore.open(home);
    expect(reopened.getSession(created.id)?.workspace).toBe('/work/project');
    expect(reopened.listSessions().find((s) => s.id === created.id)?.workspace).toBe('/work/project');
    expect(reopened.setWorkspace(bare.id, '/work/other')).toBe(true);
    expect(reopened.getSession(bare.id)?.workspace).toBe('/work/other');
    reopened.close();
  });

  it('migrates a version-one database: old sessions keep their messages and have no workspace', () => {
    const path = join(home, 'sessions.db');
    writeVersionOneDb(path);
    const store = SessionStore.openAt(path);
    expect(store.getSession('old-1')).toMatchObject({
      title: 'from before',
      workspace: null,
      messageCount: 1,
    });
    expect(store.messages('old-1')).toEqual([{ role: 'user', content: 'hello there' }]);
    const added = store.createSession({ workspace: '/w' });
    expect(store.getSession(added.id)?.workspace).toBe('/w');
    store.close();
    // Opening again does not migrate twice.
    const again = SessionStore.openAt(path);
    expect(again.getSession(added.id)?.workspace).toBe('/w');
    again.close();
  });
});
