import type { AppRoot } from '../appRoot';
import type { EventBus } from '../contract/eventBus';
import type { ChatController } from './chat';
import { removeSessionWorktree, type WorktreeRemoval } from '../agent/sessions/worktreeSessions';

/**
 * Deletes a session and ends what runs for it: its turn stops as with the Stop button, its
 * terminal task (and its sub-agents') is released, its worktree removed, then every page drops
 * its agent tab. Unconfirmed, a worktree holding unmerged work is kept and the answer says why.
 * A session that does not exist is left alone, as before.
 */
export async function deleteSession(
  root: AppRoot,
  chat: ChatController,
  events: EventBus,
  id: string,
  confirm = false,
): Promise<WorktreeRemoval> {
  const sessions = root.agent.sessions;
  if (!sessions.getSession(id)) return { status: 'removed' };
  const tree = sessions.worktrees.get(id);
  if (tree && !confirm) {
    const asked = await removeSessionWorktree(sessions, id, false);
    if (asked.status === 'needs-confirm') return asked;
  }
  const tasks = [id, ...sessions.childSessions(id).map((child) => child.id)];
  await Promise.all(tasks.map((task) => chat.stop(task)));
  const terminal = root.terminals.current;
  for (const task of tasks) await terminal.releaseTask(task);
  if (tree) await removeSessionWorktree(sessions, id, true);
  // After the release: a final screen stored meanwhile goes with the session's rows.
  sessions.deleteSession(id);
  for (const task of tasks) events.emit('terminal.taskClosed', { taskId: task });
  events.emit('sessions.deleted', { id });
  return { status: 'removed' };
}
