// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionChanges, TurnChanges } from '../../../src-shared/ipc/checkpointSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { ChangesPane } from './ChangesPane';
import { useChanges } from './changesStore';
import { TurnChip } from './TurnChip';
import { DiffView } from '../diff/lazyDiffView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const turn = (n: number, change: Partial<TurnChanges> = {}): TurnChanges => ({
  turn: n,
  checkpointId: `cp${n}`,
  created_at: '2026-01-01T00:00:00.000Z',
  running: false,
  files: [],
  files_changed: 0,
  insertions: 0,
  deletions: 0,
  left_out: [],
  git_cap_applied: false,
  notes: [],
  ...change,
});

let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
let changes: SessionChanges;
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const click = (el: HTMLElement | null | undefined) => act(async () => el?.click());

// The diff view is a chunk of its own, which the app fetches once its first screen is painted.
beforeAll(() => DiffView.preload());

beforeEach(async () => {
  changes = {
    workspace: '/work/project',
    notCovered: null,
    outside: ['/srv/cache'],
    turns: [
      turn(1, {
        files: [
          { path: 'src/app.js', status: 'modified', binary: false, insertions: 1, deletions: 1 },
          { path: 'notes.txt', status: 'added', binary: false, insertions: 2, deletions: 0 },
        ],
        files_changed: 2,
        insertions: 3,
        deletions: 1,
        left_out: [{ path: 'node_modules', reason: 'ignored-bulky' }],
      }),
      turn(2, {
        files: [
          { path: 'logo.png', status: 'deleted', binary: true, insertions: 0, deletions: 0 },
          { path: '.git/index', status: 'modified', binary: true, insertions: 0, deletions: 0 },
        ],
        files_changed: 2,
      }),
    ],
  };
  fake = createFakeBridge({
    'checkpoints.turns': () => changes,
    'checkpoints.fileDiff': (input) => ({
      path: (input as { path: string }).path,
      diff: 'diff --git a/src/app.js b/src/app.js\n@@ -1 +1 @@\n-export const answer = 41;\n+export const answer = 42;\n',
    }),
    'checkpoints.revertTurn': () => ({ undoId: 'undo1', changed: ['src/app.js'], laterTurns: [2] }),
    'checkpoints.revertFile': () => ({ undoId: 'undo3', changed: ['notes.txt'], laterTurns: [] }),
    'checkpoints.revertSession': () => ({ undoId: 'undo4', changed: ['src/app.js'], laterTurns: [1, 2] }),
    'checkpoints.undoRevert': () => ({ undoId: 'undo2', changed: ['src/app.js'], laterTurns: [] }),
  });
  setBridge(fake.bridge);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(() => useChanges.getState().load('s1'));
  act(() =>
    root.render(
      <>
        <TurnChip turn={1} />
        <ChangesPane />
      </>,
    ),
  );
  await settle();
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  useChanges.setState({
    sessionId: undefined,
    changes: undefined,
    selected: undefined,
    lastRevert: undefined,
  });
});

describe('the Changes pane', () => {
  it('says what a turn changed on its chip, and opening it shows the first file’s diff', async () => {
    expect(byTestId('turn-changes')?.textContent).toBe(' 2 files changed +3 −1');
    await click(byTestId('turn-changes'));
    await settle();
    expect(all('changes-file').map((f) => f.textContent)).toEqual([
      'src/app.jsmodified+1 −1',
      'notes.txtadded+2 −0',
      'logo.pngdeleted, binary',
      '.git/indexmodified, binary',
    ]);
    expect(byTestId('changes-git')?.textContent).toContain('Repository data (.git): 1 file');
    expect(fake.calls.find((c) => c.name === 'checkpoints.fileDiff')?.input).toEqual({
      sessionId: 's1',
      checkpointId: 'cp1',
      path: 'src/app.js',
    });
    expect(byTestId('diff-view')?.querySelector('.diff-row.diff-add .diff-code')?.textContent).toBe(
      'export const answer = 42;',
    );
    expect(byTestId('changes-left-out')?.textContent).toContain('node_modules (ignored build output)');
    expect(byTestId('changes-outside')?.textContent).toContain('/srv/cache');
  });

  it('confirms a turn’s revert naming the later turns, then offers to undo it', async () => {
    await click(all('revert-turn')[0]);
    expect(byTestId('revert-later-turns')?.textContent).toContain('turn 2');
    expect(byTestId('revert-confirm')?.textContent).toContain('running commands are stopped');
    expect(fake.calls.some((c) => c.name === 'checkpoints.revertTurn')).toBe(false);
    await click(byTestId('revert-yes'));
    await settle();
    expect(fake.calls.find((c) => c.name === 'checkpoints.revertTurn')?.input).toEqual({
      sessionId: 's1',
      checkpointId: 'cp1',
    });
    expect(byTestId('changes-reverted')?.textContent).toContain('before turn 1');
    await click(byTestId('undo-revert'));
    await settle();
    expect(fake.calls.find((c) => c.name === 'checkpoints.undoRevert')?.input).toEqual({
      sessionId: 's1',
      undoId: 'undo1',
    });
    expect(byTestId('changes-reverted')).toBeNull();
  });

  it('reverts the selected file after asking, and the whole session after naming its turns', async () => {
    await click(all('changes-file')[1]?.querySelector('button'));
    await settle();
    await click(byTestId('revert-file'));
    expect(byTestId('revert-confirm')?.textContent).toContain(
      'notes.txt goes back to how it was before turn 1',
    );
    expect(byTestId('revert-later-turns')).toBeNull();
    await click(byTestId('revert-yes'));
    await settle();
    expect(fake.calls.find((c) => c.name === 'checkpoints.revertFile')?.input).toEqual({
      sessionId: 's1',
      checkpointId: 'cp1',
      path: 'notes.txt',
    });
    expect(byTestId('changes-reverted')?.textContent).toContain('notes.txt is back as before turn 1.');

    await click(byTestId('revert-session'));
    expect(byTestId('revert-later-turns')?.textContent).toContain('turn 2');
    await click(byTestId('revert-yes'));
    await settle();
    expect(fake.calls.some((c) => c.name === 'checkpoints.revertSession')).toBe(true);
    expect(byTestId('changes-reverted')?.textContent).toContain('before this session');
  });

  it('shows no chip for a turn that changed nothing', async () => {
    changes = { ...changes, turns: [turn(1)] };
    await act(() => useChanges.getState().load('s1'));
    expect(byTestId('turn-changes')).toBeNull();
  });
});
