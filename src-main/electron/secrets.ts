import { readFileSync } from 'node:fs';
import type { SafeStorage } from 'electron';
import { writeAtomic } from '../config/atomicFile';
import { MemorySecretStore } from '../handlers/settings';

/**
 * Secrets encrypted with the OS keychain (Electron safeStorage) in one file under the config
 * home. Where the keychain is unavailable, nothing is written: keys stay in memory only.
 */
export class SafeStorageSecrets extends MemorySecretStore {
  constructor(
    private readonly safeStorage: Pick<
      SafeStorage,
      'isEncryptionAvailable' | 'encryptString' | 'decryptString'
    >,
    private readonly path: string,
  ) {
    super();
    if (!safeStorage.isEncryptionAvailable()) return;
    try {
      const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
      for (const [name, b64] of Object.entries(stored)) {
        this.values.set(name, safeStorage.decryptString(Buffer.from(b64, 'base64')));
      }
    } catch {
      // No file yet, or one this keychain cannot decrypt: start empty.
    }
  }

  override async set(name: string, value: string): Promise<void> {
    await super.set(name, value);
    if (!this.safeStorage.isEncryptionAvailable()) return;
    const out: Record<string, string> = {};
    for (const [k, v] of this.values) out[k] = this.safeStorage.encryptString(v).toString('base64');
    await writeAtomic(this.path, JSON.stringify(out));
  }
}
