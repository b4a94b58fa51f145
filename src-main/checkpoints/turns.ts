/**
 * A session's turns as checkpoints: one taken before each turn and one after it, both labelled
 * with the turn, so the store's records alone answer "what did each turn change".
 */
import type { SessionChanges, TurnChanges } from '../../src-shared/ipc/checkpointSchemas';
import type { Logger } from '../runtime/types';
import type { CheckpointStore } from './store';
import type { Checkpoint, CheckpointDiff } from './types';

export const beforeTurnLabel = (turn: number) => `before turn ${turn}`;
export const afterTurnLabel = (turn: number) => `after turn ${turn}`;

export interface TurnCheckpointsOptions {
  store: CheckpointStore | undefined;
  /** Why a session's turns are not checkpointed now (disabled, a remote backend); undefined when they are. */
  notCovered: () => string | undefined;
  /** Why this workspace is too broad to snapshot (a home folder, `/`); undefined when it is not. */
  tooBroad?: (workspace: string) => string | undefined;
  logger: Logger;
}

/** A turn's two checkpoints: `after` is missing while it runs. */
interface TurnPair {
  turn: number;
  before: Checkpoint;
  after?: Checkpoint;
}

export class TurnCheckpoints {
  /** A finished turn's files never change: its two trees are fixed. */
  private readonly finished = new Map<string, CheckpointDiff>();

  constructor(private readonly options: TurnCheckpointsOptions) {}

  get store(): CheckpointStore | undefined {
    return this.options.store;
  }

  /** Before the turn changes anything; a failure is logged, never stops the turn. */
  begin(session: string, turn: number, workspace: string): Promise<void> {
    return this.take(session, turn, workspace, beforeTurnLabel(turn));
  }

  /** After the turn, so its changes are its checkpoint against this one. */
  end(session: string, turn: number, workspace: string): Promise<void> {
    return this.take(session, turn, workspace, afterTurnLabel(turn));
  }

  private async take(session: string, turn: number, workspace: string, label: string): Promise<void> {
    const { store } = this.options;
    if (!store || this.options.notCovered() !== undefined) return;
    if (this.options.tooBroad?.(workspace) !== undefined) return;
    try {
      await store.take({ workspace, session, turn, label });
    } catch (err) {
      this.options.logger.warn(`Checkpoint ${label} of ${workspace} failed: ${String(err)}`);
    }
  }

  /** The session's turns with a checkpoint, oldest first. */
  pairs(session: string): TurnPair[] {
    const all = this.options.store?.list({ session }).reverse() ?? [];
    return all
      .filter((c) => c.label === beforeTurnLabel(c.turn))
      .map((before) => {
        const after = all.find((c) => c.turn === before.turn && c.label === afterTurnLabel(c.turn));
        return { turn: before.turn, before, ...(after ? { after } : {}) };
      });
  }

  /** What one turn changed (or one file of it); a running turn's changes so far. */
  diffOf(session: string, checkpointId: string, file?: string): Promise<CheckpointDiff> {
    const store = this.must();
    const pair = this.pairs(session).find((p) => p.before.id === store.get(checkpointId).id);
    if (!pair) throw new Error(`Checkpoint ${checkpointId} is not a turn of session ${session}`);
    const options = file === undefined ? {} : { file };
    return pair.after
      ? store.diffBetween(pair.before.id, pair.after.id, options)
      : store.diff(pair.before.id, options);
  }

  async changes(session: string, workspace: string | null): Promise<SessionChanges> {
    const why = this.options.notCovered() ?? (workspace ? this.options.tooBroad?.(workspace) : undefined);
    const turns: TurnChanges[] = [];
    for (const pair of this.pairs(session)) {
      const key = pair.after ? `${pair.before.id}:${pair.after.id}` : undefined;
      const diff = (key && this.finished.get(key)) || (await this.diffOf(session, pair.before.id));
      if (key) this.finished.set(key, diff);
      turns.push({
        turn: pair.turn,
        checkpointId: pair.before.id,
        created_at: pair.before.created_at,
        running: pair.after === undefined,
        files: diff.files,
        files_changed: diff.files_changed,
        insertions: diff.insertions,
        deletions: diff.deletions,
        left_out: pair.before.left_out,
        git_cap_applied: pair.before.git_cap_applied,
        notes: this.othersDuring(pair),
      });
    }
    return { workspace, turns, notCovered: why ?? null, outside: [] };
  }

  /** Another session checkpointed the same workspace while this turn ran: its changes may be mixed in. */
  private othersDuring(pair: TurnPair): string[] {
    const from = Date.parse(pair.before.created_at);
    const to = pair.after ? Date.parse(pair.after.created_at) : Infinity;
    const others = new Set(
      (this.options.store?.list({ workspace: pair.before.workspace }) ?? [])
        .filter((c) => {
          const at = Date.parse(c.created_at);
          return c.session !== pair.before.session && at > from && at < to;
        })
        .map((c) => c.session),
    );
    return others.size === 0
      ? []
      : [
          `Another session (${[...others].join(', ')}) changed this workspace during the turn: its changes are counted here too.`,
        ];
  }

  must(): CheckpointStore {
    const { store } = this.options;
    if (!store) throw new Error('Checkpoints are not available in this process');
    return store;
  }
}
