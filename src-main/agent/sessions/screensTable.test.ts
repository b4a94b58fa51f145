import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TerminalStreamEvent } from '../../terminal/streamEvents';
import { TerminalService } from '../../terminal/service';
import { openSessionsDb, sessionsDbPath } from './db';
import { TerminalScreensTable } from './screensTable';
import { SessionStore } from './store';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-screens-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

const ESC = String.fromCharCode(27);
const screen = (data: string) => ({
  streamId: 'stream_1',
  toolCallId: 'call_1',
  exitCode: 0,
  cols: 80,
  rows: 24,
  data,
});

describe('TerminalScreensTable', () => {
  it("keeps one final screen per session, the newest sessions' only, and drops it with its session", () => {
    const sessions = ['a', 'b', 'c'].map((title) => store.createSession({ title }).id);
    // A second connection to the same file, with room for two screens.
    const db = openSessionsDb(sessionsDbPath(home));
    const table = new TerminalScreensTable(db, 2);
    expect(table.save('no-such-session', screen('lost'))).toBe(false);
    for (const [i, id] of sessions.entries()) {
      table.save(id, screen(`first ${i}`));
      table.save(id, { ...screen(`second ${i}`), exitCode: 3 });
    }
    expect(table.load()).toEqual([
      [sessions[1], { ...screen('second 1'), exitCode: 3 }],
      [sessions[2], { ...screen('second 2'), exitCode: 3 }],
    ]);
    store.deleteSession(sessions[2] as string);
    expect(table.load().map(([id]) => id)).toEqual([sessions[1]]);
    db.close();
  });
});

describe('final screens across a restart', () => {
  it("a finished command's screen is given to a page of the next process", async () => {
    const session = store.createSession({ title: 'restart' }).id;
    const serve = (events: TerminalStreamEvent[]) =>
      new TerminalService({
        onEvent: (event) => events.push(event),
        screenStore: { save: (t, s) => store.screens.save(t, s), load: () => store.screens.load() },
      });
    const first = serve([]);
    try {
      const result = await first.run({
        taskId: session,
        toolCallId: 'call_colour',
        command: "printf '\\033[31mred-%s\\033[0m done\\n' $((6*7)); exit 4",
        pty: true,
      });
      expect(result).toMatchObject({ exitCode: 4 });
    } finally {
      await first.shutdown();
    }
    store.close();
    store = SessionStore.open(home);

    const events: TerminalStreamEvent[] = [];
    const second = serve(events);
    try {
      await second.streams.restore('page');
      const data = events.find((e) => e.type === 'data');
      expect(data).toMatchObject({
        taskId: session,
        toolCallId: 'call_colour',
        to: ['page'],
        snapshot: true,
      });
      // Red, as the serializer writes it, then the text.
      expect(data?.type === 'data' && data.data).toMatch(new RegExp(`${ESC}\\[31[;m][^\\n]*red-42`));
      expect(events.find((e) => e.type === 'exit')).toMatchObject({ taskId: session, exitCode: 4 });
    } finally {
      await second.shutdown();
    }
  });
});
