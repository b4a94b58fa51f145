import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CheckpointStore } from './store';
import { cleanup, gitIn, tempDir, write } from './testing/workspaceFixture';

let home: string;
let ws: string;
let personHome: string;
let savedHome: string | undefined;

beforeEach(() => {
  home = tempDir('ck-home');
  ws = tempDir('ck-ws');
  personHome = tempDir('ck-person');
  savedHome = process.env.HOME;
});
afterEach(() => {
  process.env.HOME = savedHome;
  cleanup(home, ws, personHome);
});

it("never runs the workspace's or the person's filters, textconv, fsmonitor or hooks", async () => {
  const marker = join(personHome, 'ran');
  const touch = `touch ${marker}; cat`;
  const planted = [
    '[filter "evil"]',
    `\tclean = ${touch}`,
    `\tsmudge = ${touch}`,
    '\trequired = true',
    '[diff "evil"]',
    `\ttextconv = ${touch}`,
    `\tcommand = ${touch}`,
    '[core]',
    `\tfsmonitor = ${touch}`,
    `\thooksPath = ${join(ws, 'hooks')}`,
  ].join('\n');
  gitIn(ws, 'init', '-q');
  writeFileSync(join(ws, '.git/config'), `${planted}\n`, { flag: 'a' });
  // The person's own global config, which git would read from $HOME.
  writeFileSync(join(personHome, '.gitconfig'), `${planted}\n`);
  process.env.HOME = personHome;
  write(ws, '.gitattributes', '* filter=evil diff=evil\n');
  write(ws, '.gitignore', 'node_modules/\n');
  mkdirSync(join(ws, 'node_modules'));
  write(ws, 'node_modules/x.js', '1\n');
  write(ws, 'a.txt', 'one\n');

  const store = await CheckpointStore.open({ home });
  try {
    const first = await store.take({ workspace: ws, session: 's', turn: 1 });
    write(ws, 'a.txt', 'two\n');
    const second = await store.take({ workspace: ws, session: 's', turn: 2 });
    const diff = await store.diffBetween(first.id, second.id);
    expect(diff.patch).toContain('+two');
    expect((await store.diff(first.id)).files.map((f) => f.path)).toEqual(['a.txt']);
    await store.restore(first.id);
    expect(first.left_out.map((l) => l.path)).toEqual(['node_modules']);
  } finally {
    store.close();
  }
  // The planted config is live: git run as a person would run it does touch the marker.
  expect(existsSync(marker)).toBe(false);
  gitIn(ws, 'add', 'a.txt');
  expect(existsSync(marker)).toBe(true);
});
