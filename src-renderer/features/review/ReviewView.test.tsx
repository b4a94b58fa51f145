// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewFile, ReviewStatus } from '../../../src-shared/ipc/reviewSchemas';
import { setBridge } from '../../api/client';
import { createFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { ReviewView } from './ReviewView';
import { DiffView } from '../diff/lazyDiffView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const file = (path: string, change: Partial<ReviewFile>): ReviewFile => ({
  path,
  staged: null,
  unstaged: null,
  untracked: false,
  conflicted: false,
  ...change,
});

let fake: FakeBridge;
let root: Root;
let host: HTMLElement;
let status: Extract<ReviewStatus, { repo: true }>;
let closed = 0;
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const all = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

function type(element: HTMLElement | null, value: string) {
  const input = element as HTMLTextAreaElement | HTMLInputElement;
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

// The diff view is a chunk of its own, which the app fetches once its first screen is painted.
beforeAll(() => DiffView.preload());

beforeEach(async () => {
  status = {
    repo: true,
    branch: 'main',
    head: 'a'.repeat(40),
    files: [file('src/app.ts', { staged: 'M', unstaged: 'M' }), file('notes.md', { untracked: true })],
  };
  fake = createFakeBridge({
    'review.status': () => status,
    'review.diff': (input) => ({
      path: (input as { path: string }).path,
      side: (input as { side: 'staged' }).side,
      binary: false,
      truncated: false,
      text: 'diff --git a/src/app.ts b/src/app.ts\n@@ -1 +1 @@\n-old\n+new\n',
    }),
    'review.stage': () => {
      status = { ...status, files: [file('src/app.ts', { staged: 'M' }), file('notes.md', { staged: 'A' })] };
      return status;
    },
    'review.discard': () => {
      status = { ...status, files: [file('src/app.ts', { staged: 'M' })] };
      return status;
    },
    'review.commit': () => ({ oid: 'b'.repeat(40), summary: 'Add notes' }),
  });
  setBridge(fake.bridge);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<ReviewView workspace="/work/project" onClose={() => closed++} />));
  await settle();
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('ReviewView', () => {
  it('groups the files and shows the first one’s diff', () => {
    expect(byTestId('review-view')).not.toBeNull();
    expect(byTestId('review-branch')?.textContent).toBe('main');
    expect(byTestId('review-group-staged')?.textContent).toContain('src/app.ts');
    expect(byTestId('review-group-unstaged')?.textContent).toContain('src/app.ts');
    expect(byTestId('review-group-untracked')?.textContent).toContain('notes.md');
    expect(fake.calls.find((c) => c.name === 'review.diff')?.input).toEqual({
      workspace: '/work/project',
      path: 'src/app.ts',
      side: 'staged',
    });
    const diff = byTestId('review-diff');
    expect(diff?.querySelector('.diff-row.diff-add .diff-code')?.textContent).toBe('new');
    expect(diff?.querySelector('.diff-row.diff-remove .diff-code')?.textContent).toBe('old');
  });

  it('stages a file and commits with a message', async () => {
    const untracked = byTestId('review-group-untracked');
    await act(async () => untracked?.querySelector<HTMLElement>('[data-testid="review-stage"]')?.click());
    expect(fake.calls.find((c) => c.name === 'review.stage')?.input).toEqual({
      workspace: '/work/project',
      paths: ['notes.md'],
    });
    expect(byTestId('review-group-staged')?.textContent).toContain('notes.md');
    expect((byTestId('review-commit') as HTMLButtonElement).disabled).toBe(true);
    act(() => type(byTestId('review-message'), 'Add notes'));
    await act(async () => byTestId('review-commit')?.click());
    await settle();
    expect(fake.calls.find((c) => c.name === 'review.commit')?.input).toEqual({
      workspace: '/work/project',
      message: 'Add notes',
    });
    expect(byTestId('review-committed')?.textContent).toContain('bbbbbbb Add notes');
    expect((byTestId('review-message') as HTMLTextAreaElement).value).toBe('');
  });

  it('discards only after the person confirms', async () => {
    const untracked = byTestId('review-group-untracked');
    act(() => untracked?.querySelector<HTMLElement>('[data-testid="review-discard"]')?.click());
    expect(byTestId('review-discard-confirm')?.textContent).toContain('notes.md');
    expect(fake.calls.some((c) => c.name === 'review.discard')).toBe(false);
    await act(async () => byTestId('review-discard-yes')?.click());
    await settle();
    expect(fake.calls.find((c) => c.name === 'review.discard')?.input).toEqual({
      workspace: '/work/project',
      paths: ['notes.md'],
    });
    expect(byTestId('review-group-untracked')).toBeNull();
    expect(all('review-file')).toHaveLength(1);
  });

  it('reads the files again when a turn ends', async () => {
    status = { ...status, files: [file('late.txt', { untracked: true })] };
    await act(async () =>
      fake.emit('chat.event', { type: 'turn.finished', sessionId: 's1', turnId: 't1', status: 'done' }),
    );
    await settle();
    expect(byTestId('review-group-untracked')?.textContent).toContain('late.txt');
  });

  it('shows a refusal from git in the view', async () => {
    fake = createFakeBridge({ 'review.status': () => status });
    setBridge(fake.bridge);
    act(() => type(byTestId('review-branch-name'), 'bad..name'));
    await act(async () => byTestId('review-branch-create')?.click());
    expect(byTestId('review-error')?.textContent).toContain('No handler for review.createBranch');
  });

  it('says when the folder is not a git repository', async () => {
    act(() => root.unmount());
    fake = createFakeBridge({ 'review.status': () => ({ repo: false, message: 'Not a git repository.' }) });
    setBridge(fake.bridge);
    root = createRoot(host);
    act(() => root.render(<ReviewView workspace="/tmp/plain" onClose={() => closed++} />));
    await settle();
    expect(byTestId('review-not-repo')?.textContent).toBe('Not a git repository.');
    expect(byTestId('review-file')).toBeNull();
    act(() => byTestId('review-close')?.click());
    expect(closed).toBe(1);
  });
});
