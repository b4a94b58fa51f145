import { create } from 'zustand';
import type { RevertResult, SessionChanges } from '../../../src-shared/ipc/checkpointSchemas';
import { api, errorMessage, unwrap } from '../../api/client';
import { workFiles } from './changeWords';

export interface FileSelection {
  checkpointId: string;
  turn: number;
  path: string;
}

/** A revert waiting for the person's yes: what it does and what it also undoes. */
export type RevertAsk =
  | { kind: 'file'; checkpointId: string; turn: number; path: string }
  | { kind: 'turn'; checkpointId: string; turn: number; laterTurns: number[] }
  | { kind: 'session'; laterTurns: number[] };

interface ChangesStore {
  sessionId: string | undefined;
  changes: SessionChanges | undefined;
  open: boolean;
  selected: FileSelection | undefined;
  diff: string | undefined;
  busy: boolean;
  error: string | undefined;
  asking: RevertAsk | undefined;
  /** The last revert, which "Undo revert" takes back. */
  lastRevert: (RevertResult & { what: string }) | undefined;
  /** Reads the session's turns (a new session clears what was shown). */
  load(sessionId: string | undefined): Promise<void>;
  show(turn?: number): void;
  close(): void;
  select(selection: FileSelection): Promise<void>;
  ask(ask: RevertAsk | undefined): void;
  confirm(): Promise<void>;
  undo(): Promise<void>;
}

/** Turns after `turn` that have a checkpoint: reverting `turn` undoes them too. */
export function turnsAfter(changes: SessionChanges | undefined, turn: number): number[] {
  return (changes?.turns ?? []).filter((t) => t.turn > turn).map((t) => t.turn);
}

export const useChanges = create<ChangesStore>((set, get) => {
  async function run<T>(work: (sessionId: string) => Promise<T>): Promise<T | undefined> {
    const { sessionId } = get();
    if (!sessionId) return undefined;
    set({ busy: true, error: undefined });
    try {
      return await work(sessionId);
    } catch (err) {
      set({ error: errorMessage(err) });
      return undefined;
    } finally {
      set({ busy: false });
    }
  }

  async function revert(ask: RevertAsk): Promise<void> {
    const result = await run((sessionId) => {
      if (ask.kind === 'file')
        return unwrap(
          api().checkpointsRevertFile({ sessionId, checkpointId: ask.checkpointId, path: ask.path }),
        );
      if (ask.kind === 'turn')
        return unwrap(api().checkpointsRevertTurn({ sessionId, checkpointId: ask.checkpointId }));
      return unwrap(api().checkpointsRevertSession({ sessionId }));
    });
    if (!result) return;
    const what =
      ask.kind === 'file'
        ? `${ask.path} is back as before turn ${ask.turn}.`
        : ask.kind === 'turn'
          ? `The workspace is back as before turn ${ask.turn}.`
          : 'The workspace is back as before this session.';
    set({ lastRevert: { ...result, what } });
    await get().load(get().sessionId);
  }

  return {
    sessionId: undefined,
    changes: undefined,
    open: false,
    selected: undefined,
    diff: undefined,
    busy: false,
    error: undefined,
    asking: undefined,
    lastRevert: undefined,

    async load(sessionId) {
      if (sessionId !== get().sessionId)
        set({ sessionId, changes: undefined, selected: undefined, diff: undefined, lastRevert: undefined });
      if (!sessionId) return;
      const changes = await run((id) => unwrap(api().checkpointsTurns({ sessionId: id })));
      if (!changes || get().sessionId !== sessionId) return;
      set({ changes });
      const { selected } = get();
      if (selected) await get().select(selected);
    },
    show(turn) {
      set({ open: true, error: undefined });
      const chosen = get().changes?.turns.find((t) => t.turn === turn && t.files.length > 0);
      const first = chosen && (workFiles(chosen.files)[0] ?? chosen.files[0]);
      if (chosen && first)
        void get().select({ checkpointId: chosen.checkpointId, turn: chosen.turn, path: first.path });
    },
    close() {
      set({ open: false, asking: undefined });
    },
    async select(selection) {
      set({ selected: selection, diff: undefined });
      const reply = await run((sessionId) =>
        unwrap(
          api().checkpointsFileDiff({
            sessionId,
            checkpointId: selection.checkpointId,
            path: selection.path,
          }),
        ),
      );
      const now = get().selected;
      if (reply && now?.path === selection.path && now.checkpointId === selection.checkpointId)
        set({ diff: reply.diff });
    },
    ask(asking) {
      set({ asking });
    },
    async confirm() {
      const { asking } = get();
      set({ asking: undefined });
      if (asking) await revert(asking);
    },
    async undo() {
      const last = get().lastRevert;
      if (!last) return;
      const result = await run((sessionId) =>
        unwrap(api().checkpointsUndoRevert({ sessionId, undoId: last.undoId })),
      );
      if (!result) return;
      set({ lastRevert: undefined });
      await get().load(get().sessionId);
    },
  };
});
