/**
 * Ends a local command with everything it started. POSIX: the command leads its own process
 * group, so the group gets the signal. Windows has neither groups nor signals: `taskkill /T`
 * ends the tree, forced because console programs ignore a polite close.
 */
import type { Host } from './host';
import { signalGroup } from '../processGroup';

export async function killTree(
  host: Pick<Host, 'platform' | 'run'>,
  pid: number,
  signal: NodeJS.Signals,
): Promise<boolean> {
  if (host.platform !== 'win32') return signalGroup(pid, signal);
  const result = await host.run('taskkill', ['/pid', String(pid), '/T', '/F'], { timeoutMs: 10_000 });
  return result.exitCode === 0;
}
