import type { checkpointRequests, RevertResult } from '../../src-shared/ipc/checkpointSchemas';
import { CheckpointError } from '../checkpoints';
import { ContractError, type Handlers } from '../contract/router';
import type { AppRoot } from '../appRoot';
import { ESCALATION_SUBJECT_KIND } from '../sandbox/escalation';
import type { ChatController } from './chat';

type CheckpointName = keyof typeof checkpointRequests;

async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CheckpointError) throw new ContractError('checkpoint_failed', error.message);
    if (error instanceof Error) throw new ContractError('checkpoint_failed', error.message);
    throw error;
  }
}

/** The Changes pane's requests: a session's turns, their diffs, and reverts that can be undone. */
export function checkpointHandlers(root: AppRoot, chat: ChatController): Pick<Handlers, CheckpointName> {
  const turns = root.checkpoints;
  const sessions = () => root.agent.sessions;
  const workspaceOf = (sessionId: string) => {
    const session = sessions().getSession(sessionId);
    if (!session) throw new ContractError('unknown_session', `No session "${sessionId}"`);
    return session.workspace ?? null;
  };
  /** The session's turn about to be reverted must not change files meanwhile. */
  const stopSession = async (sessionId: string) => {
    await chat.stop(sessionId);
    await root.terminals.current.stopTaskProcesses(sessionId);
  };
  const lastTurn = (sessionId: string) => turns.pairs(sessionId).at(-1)?.turn ?? 0;
  const restore = async (sessionId: string, checkpointId: string, file?: string): Promise<RevertResult> => {
    workspaceOf(sessionId);
    const store = turns.must();
    const target = store.get(checkpointId);
    if (target.session !== sessionId)
      throw new ContractError('bad_checkpoint', `Checkpoint ${checkpointId} is not of this session`);
    await stopSession(sessionId);
    const result = await store.restore(target.id, {
      session: sessionId,
      turn: lastTurn(sessionId),
      ...(file === undefined ? {} : { file }),
    });
    const laterTurns =
      file === undefined
        ? turns
            .pairs(sessionId)
            .filter((p) => p.turn > target.turn)
            .map((p) => p.turn)
        : [];
    return { undoId: result.undo.id, changed: result.changed, laterTurns };
  };
  return {
    'checkpoints.turns': ({ sessionId }) =>
      answer(async () => {
        const changes = await turns.changes(sessionId, workspaceOf(sessionId));
        const outside = sessions()
          .ledger.list({ sessionId, subjectKind: ESCALATION_SUBJECT_KIND, allowed: true })
          .map((e) => ({ at: e.at, command: e.subject }));
        // A command let out of the sandbox could write beyond the workspace, which no checkpoint holds.
        const next = (i: number) => Date.parse(changes.turns[i + 1]?.created_at ?? '') || Infinity;
        changes.turns.forEach((turn, i) => {
          for (const e of outside)
            if (e.at >= Date.parse(turn.created_at) && e.at < next(i))
              turn.notes.push(
                `Ran outside the sandbox, so its effects outside the workspace are not covered: ${e.command}`,
              );
        });
        const roots = root.config.sandbox.writable_roots;
        return { ...changes, outside: [...roots, 'the session’s temp folder'] };
      }),
    'checkpoints.fileDiff': ({ sessionId, checkpointId, path }) =>
      answer(async () => {
        workspaceOf(sessionId);
        const diff = await turns.diffOf(sessionId, checkpointId, path);
        return { path, diff: diff.patch };
      }),
    'checkpoints.revertTurn': ({ sessionId, checkpointId }) => answer(() => restore(sessionId, checkpointId)),
    'checkpoints.revertFile': ({ sessionId, checkpointId, path }) =>
      answer(() => restore(sessionId, checkpointId, path)),
    'checkpoints.revertSession': ({ sessionId }) =>
      answer(async () => {
        const first = turns.pairs(sessionId)[0];
        if (!first) throw new ContractError('no_checkpoint', 'This session has no checkpoint to go back to.');
        const result = await restore(sessionId, first.before.id);
        return { ...result, laterTurns: [first.turn, ...result.laterTurns] };
      }),
    'checkpoints.undoRevert': ({ sessionId, undoId }) => answer(() => restore(sessionId, undoId)),
  };
}
