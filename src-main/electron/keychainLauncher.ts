import type { UtilityProcess } from 'electron';
import { keychainWorkerEntry, type KeychainLauncher } from '../config/keychain/launch';
import type { KeychainResult } from '../config/keychain/protocol';

type Forker = { fork(modulePath: string, args?: string[], options?: Electron.ForkOptions): UtilityProcess };

/**
 * The keychain worker in an Electron utility process: the packaged app cannot run its binary
 * as Node (the runAsNode fuse is off), and a process can be killed where a thread cannot.
 */
export function utilityKeychainLauncher(utilityProcess: Forker, env: NodeJS.ProcessEnv): KeychainLauncher {
  return (ops, signal) =>
    new Promise<KeychainResult[]>((resolve, reject) => {
      const child = utilityProcess.fork(keychainWorkerEntry().path, [], {
        env,
        stdio: 'ignore',
        serviceName: 'Caduceus keychain',
      });
      let answered = false;
      const abort = () => {
        child.kill();
        reject(new Error('the keychain did not answer in time (locked, or its service hung)'));
      };
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      child.once('message', (results: KeychainResult[]) => {
        answered = true;
        signal.removeEventListener('abort', abort);
        resolve(results);
      });
      child.once('exit', (code: number) => {
        signal.removeEventListener('abort', abort);
        if (!answered) reject(new Error(`the keychain worker exited (${code}) without an answer`));
      });
      child.postMessage(ops);
    });
}
