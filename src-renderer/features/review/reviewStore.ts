import { create } from 'zustand';
import type { DiffSide, FileDiff, ReviewFile, ReviewStatus } from '../../../src-shared/ipc/reviewSchemas';
import { api, errorMessage, unwrap } from '../../api/client';

export interface ReviewEntry {
  file: ReviewFile;
  side: DiffSide;
}

/** The Review view's three lists: a file changed in both index and tree is in the first two. */
export function groupFiles(files: ReviewFile[]): Record<DiffSide, ReviewEntry[]> {
  const groups: Record<DiffSide, ReviewEntry[]> = { staged: [], unstaged: [], untracked: [] };
  for (const file of files) {
    if (file.untracked) groups.untracked.push({ file, side: 'untracked' });
    else if (file.conflicted) groups.unstaged.push({ file, side: 'unstaged' });
    else {
      if (file.staged) groups.staged.push({ file, side: 'staged' });
      if (file.unstaged) groups.unstaged.push({ file, side: 'unstaged' });
    }
  }
  return groups;
}

interface Selection {
  path: string;
  side: DiffSide;
}

interface ReviewStore {
  workspace: string | undefined;
  status: ReviewStatus | undefined;
  selected: Selection | undefined;
  diff: FileDiff | undefined;
  busy: boolean;
  error: string | undefined;
  /** What the last commit made, shown until the next change. */
  committed: { oid: string; summary: string } | undefined;
  open(workspace: string): Promise<void>;
  refresh(): Promise<void>;
  select(selection: Selection): Promise<void>;
  stage(path: string): Promise<void>;
  unstage(path: string): Promise<void>;
  discard(path: string): Promise<void>;
  commit(message: string): Promise<boolean>;
  createBranch(name: string): Promise<boolean>;
}

/** The first entry still listed: the one selected, else the first of the groups. */
function keepSelection(status: ReviewStatus, selected: Selection | undefined): Selection | undefined {
  if (!status.repo) return undefined;
  const groups = groupFiles(status.files);
  const all = [...groups.staged, ...groups.unstaged, ...groups.untracked];
  const same = all.find((e) => e.file.path === selected?.path && e.side === selected.side);
  const first = same ?? all.find((e) => e.file.path === selected?.path) ?? all[0];
  return first && { path: first.file.path, side: first.side };
}

export const useReview = create<ReviewStore>((set, get) => {
  /** Runs one request against the open workspace; its failure is shown in the view. */
  async function run<T>(work: (workspace: string) => Promise<T>): Promise<T | undefined> {
    const { workspace } = get();
    if (!workspace) return undefined;
    set({ busy: true, error: undefined });
    try {
      return await work(workspace);
    } catch (err) {
      set({ error: errorMessage(err) });
      return undefined;
    } finally {
      set({ busy: false });
    }
  }

  async function show(status: ReviewStatus | undefined): Promise<void> {
    if (!status) return;
    const selected = keepSelection(status, get().selected);
    set({ status, selected, diff: undefined });
    if (selected) await loadDiff(selected);
  }

  async function loadDiff(selection: Selection): Promise<void> {
    const diff = await run((workspace) => unwrap(api().reviewDiff({ workspace, ...selection })));
    if (diff && get().selected?.path === selection.path && get().selected?.side === selection.side)
      set({ diff });
  }

  return {
    workspace: undefined,
    status: undefined,
    selected: undefined,
    diff: undefined,
    busy: false,
    error: undefined,
    committed: undefined,

    async open(workspace) {
      set({
        workspace,
        status: undefined,
        selected: undefined,
        diff: undefined,
        error: undefined,
        committed: undefined,
      });
      await get().refresh();
    },
    async refresh() {
      await show(await run((workspace) => unwrap(api().reviewStatus({ workspace }))));
    },
    async select(selection) {
      set({ selected: selection, diff: undefined });
      await loadDiff(selection);
    },
    async stage(path) {
      set({ committed: undefined });
      await show(await run((workspace) => unwrap(api().reviewStage({ workspace, paths: [path] }))));
    },
    async unstage(path) {
      await show(await run((workspace) => unwrap(api().reviewUnstage({ workspace, paths: [path] }))));
    },
    async discard(path) {
      await show(await run((workspace) => unwrap(api().reviewDiscard({ workspace, paths: [path] }))));
    },
    async commit(message) {
      const committed = await run((workspace) => unwrap(api().reviewCommit({ workspace, message })));
      if (!committed) return false;
      set({ committed });
      await get().refresh();
      return true;
    },
    async createBranch(name) {
      const status = await run((workspace) => unwrap(api().reviewCreateBranch({ workspace, name })));
      await show(status);
      return status !== undefined;
    },
  };
});
