/**
 * Ends a local command with everything it started. POSIX: the command leads its own process
 * group, so the group gets the signal, and so does every descendant that left the group (a
 * sandboxed command runs in a session of its own). Windows has neither groups nor signals: `taskkill /T`
 * ends the tree, forced because console programs ignore a polite close.
 */
import type { Host } from './host';
import { descendants, groupOf, signalGroup } from '../processGroup';

export async function killTree(
  host: Pick<Host, 'platform' | 'run'>,
  pid: number,
  signal: NodeJS.Signals,
): Promise<boolean> {
  if (host.platform !== 'win32') {
    // Read the tree first: once the leader dies its children are handed to init.
    const tree = host.platform === 'linux' ? descendants(pid) : [];
    const sent = signalGroup(pid, signal);
    // A sandbox is a session whose leader is a PID-namespace init, which ignores SIGTERM from
    // outside; ending it ends everything inside, so it gets SIGKILL whatever was asked.
    for (const child of tree) if (groupOf(child) !== pid) signalGroup(child, 'SIGKILL');
    return sent;
  }
  const result = await host.run('taskkill', ['/pid', String(pid), '/T', '/F'], { timeoutMs: 10_000 });
  return result.exitCode === 0;
}
