import { readFileSync } from 'node:fs';
import { writeAtomic } from '../../config/atomicFile';
import type { ReadableSecretStore } from './credentials';

/**
 * MCP credentials of the CLI and `caduceus serve`: a JSON file readable only by its owner
 * (0600), beside config.yaml but never in it. Re-read on every access, so a sign-in by
 * `caduceus mcp login` reaches a running `caduceus serve`.
 */
export class FileSecretStore implements ReadableSecretStore {
  constructor(private readonly path: string) {}

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  get(name: string): string | undefined {
    return this.readAll()[name];
  }

  async set(name: string, value: string): Promise<void> {
    const all = this.readAll();
    if (value) all[name] = value;
    else delete all[name];
    await writeAtomic(this.path, JSON.stringify(all, null, 2));
  }

  private readAll(): Record<string, string> {
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }
}
