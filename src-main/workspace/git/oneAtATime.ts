/**
 * Wraps an operation on a workspace so that calls for the same workspace run one after the
 * other (two windows clicking at once would otherwise race for git's index lock). A failed
 * call does not stop the next.
 */
export function oneAtATime() {
  const queues = new Map<string, Promise<unknown>>();
  return <A extends unknown[], T>(work: (workspace: string, ...args: A) => Promise<T>) =>
    (workspace: string, ...args: A): Promise<T> => {
      const previous = queues.get(workspace) ?? Promise.resolve();
      const next = previous.then(() => work(workspace, ...args));
      const settled = next.catch(() => undefined);
      queues.set(workspace, settled);
      void settled.then(() => queues.get(workspace) === settled && queues.delete(workspace));
      return next;
    };
}
