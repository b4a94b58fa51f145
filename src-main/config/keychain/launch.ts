import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { KeychainOp, KeychainResult } from './protocol';

/**
 * Runs a batch in a keychain worker (worker.ts) and resolves its results; when `signal` aborts
 * the worker is killed and the promise rejects. Node hosts spawn one; Electron, whose packaged
 * binary cannot run as Node, starts a utility process instead (electron/keychainLauncher.ts).
 */
export type KeychainLauncher = (ops: KeychainOp[], signal: AbortSignal) => Promise<KeychainResult[]>;

/** The built worker sits beside the bundle (dist/, dist/electron/); from source, tsx runs it. */
export function keychainWorkerEntry(): { path: string; execArgv: string[] } {
  return import.meta.url.endsWith('.ts')
    ? { path: fileURLToPath(new URL('./worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] }
    : { path: fileURLToPath(new URL('./keychainWorker.mjs', import.meta.url)), execArgv: [] };
}

/** A Node child process per batch; `env` reaches it (the session bus address, say). */
export function nodeKeychainLauncher(env: NodeJS.ProcessEnv): KeychainLauncher {
  return (ops, signal) =>
    new Promise((resolve, reject) => {
      const { path, execArgv } = keychainWorkerEntry();
      const child = spawn(process.execPath, [...execArgv, path], {
        env,
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      let out = '';
      const abort = () => {
        child.kill('SIGKILL');
        reject(new Error('the keychain did not answer in time (locked, or its service hung)'));
      };
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
      child.on('error', (err) => {
        signal.removeEventListener('abort', abort);
        reject(err);
      });
      child.on('close', (code) => {
        signal.removeEventListener('abort', abort);
        try {
          resolve(JSON.parse(out) as KeychainResult[]);
        } catch {
          reject(new Error(`the keychain worker exited (${code ?? 'signal'}) without an answer`));
        }
      });
      // A closed pipe (the worker died at start) is reported by 'close'.
      child.stdin.on('error', () => undefined);
      child.stdin.end(JSON.stringify(ops));
    });
}
