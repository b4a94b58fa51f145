/**
 * Runs one batch of keychain operations in a process of its own and exits. Apart from the app
 * because creating an entry can block the thread that does it for ever (a session bus that
 * never answers); a process can be killed, a thread cannot.
 */
import { AsyncEntry, findCredentialsAsync, type EntryOptions } from '@napi-rs/keyring';
import type { KeychainOp, KeychainResult } from './protocol';

// Pinned: the kernel keyring, the other Linux store, is emptied at every reboot.
const OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

async function run(op: KeychainOp): Promise<KeychainResult> {
  try {
    switch (op.op) {
      case 'probe':
        await new AsyncEntry(op.service, 'probe', OPTIONS).getPassword();
        return { ok: true };
      case 'list':
        return { ok: true, entries: await findCredentialsAsync(op.service) };
      case 'set':
        await new AsyncEntry(op.service, op.account, OPTIONS).setPassword(op.value);
        return { ok: true };
      case 'delete':
        await new AsyncEntry(op.service, op.account, OPTIONS).deleteCredential();
        return { ok: true };
    }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** Stops at the first failure: later operations may depend on it. */
async function runAll(ops: KeychainOp[]): Promise<KeychainResult[]> {
  const results: KeychainResult[] = [];
  for (const op of ops) {
    const result = await run(op);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

interface ParentPort {
  once(event: 'message', listener: (e: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}
const parentPort = (process as { parentPort?: ParentPort }).parentPort;

if (parentPort) {
  // Electron's utility process: messages instead of pipes.
  parentPort.once('message', (e) => {
    void runAll(e.data as KeychainOp[]).then((results) => {
      parentPort.postMessage(results);
      process.exit(0);
    });
  });
} else {
  const chunks: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
  process.stdin.on('end', () => {
    void runAll(JSON.parse(Buffer.concat(chunks).toString('utf8')) as KeychainOp[]).then((results) => {
      process.stdout.write(JSON.stringify(results), () => process.exit(0));
    });
  });
}
