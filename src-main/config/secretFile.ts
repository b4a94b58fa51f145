import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from './atomicFile';
import type { SecretPlace, SecretStore } from './secrets';

/** The fallback file, beside config.yaml and on the read-deny list (config/secretStores.ts). */
export function secretsFile(home: string): string {
  return join(home, 'secrets.json');
}

/**
 * Secrets in a JSON file readable only by its owner (0600), where no keychain answers. Re-read
 * on every access, so a sign-in by `caduceus mcp login` reaches a running `caduceus serve`.
 */
export class FileSecretStore implements SecretStore {
  readonly place: SecretPlace;

  constructor(
    readonly path: string,
    note?: string,
  ) {
    this.place = { kind: 'file', label: path, ...(note ? { note } : {}) };
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  get(name: string): string | undefined {
    return this.all()[name];
  }

  async set(name: string, value: string): Promise<void> {
    const all = this.all();
    if (value) all[name] = value;
    else delete all[name];
    await this.write(all);
  }

  /** Every secret in the file (none when it is missing or unreadable). */
  all(): Record<string, string> {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      if (!parsed || typeof parsed !== 'object') return {};
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    } catch {
      return {};
    }
  }

  async write(all: Record<string, string>): Promise<void> {
    // A file someone made wider would keep its mode; a secrets file may not.
    await writeAtomic(this.path, JSON.stringify(all, null, 2), { mode: 0o600 });
  }
}
