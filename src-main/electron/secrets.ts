import { readFileSync, renameSync } from 'node:fs';
import type { SafeStorage } from 'electron';

type Decrypter = Pick<SafeStorage, 'isEncryptionAvailable' | 'decryptString'>;

/** safeStorage's ciphertext starts "v10" or "v11" (base64 "djEw", "djEx") on every platform. */
const CIPHERTEXT = /^djE[wx]/;

/**
 * The keys an earlier version kept in secrets.json encrypted with Electron's safeStorage,
 * decrypted, to be moved into the secret store; undefined when the file is not such a file.
 * One that cannot be decrypted now is moved aside (`secrets-safe-storage.json`), not dropped.
 */
export function readSafeStorageSecrets(
  safeStorage: Decrypter,
  path: string,
): Record<string, string> | undefined {
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const values = Object.values(stored);
  if (values.length === 0 || !values.every((v) => typeof v === 'string' && CIPHERTEXT.test(v)))
    return undefined;
  try {
    if (!safeStorage.isEncryptionAvailable()) throw new Error('safeStorage is unavailable');
    return Object.fromEntries(
      Object.entries(stored).map(([name, b64]) => [
        name,
        safeStorage.decryptString(Buffer.from(String(b64), 'base64')),
      ]),
    );
  } catch {
    renameSync(path, path.replace(/secrets\.json$/, 'secrets-safe-storage.json'));
    return undefined;
  }
}
