import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { FileSecretStore, secretsFile } from '../secretFile';
import type { SecretStore } from '../secrets';
import { nodeKeychainLauncher, type KeychainLauncher } from './launch';
import { KeychainSecretStore } from './store';

/** Where the CLI and `caduceus serve` kept MCP OAuth credentials before the keychain. */
export function legacyMcpCredentialsFile(home: string): string {
  return join(home, 'mcp-credentials.json');
}

/** One keychain service per config home; the default home's is plain "Caduceus". */
export function keychainService(home: string): string {
  return resolve(home) === resolve(homedir(), '.caduceus') ? 'Caduceus' : `Caduceus (${resolve(home)})`;
}

function keychainName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service keyring';
}

export interface OpenSecretsOptions {
  env: NodeJS.ProcessEnv;
  /** How the keychain worker is started (Electron's utility process); a Node child by default. */
  launch?: KeychainLauncher;
  /** One keychain batch's limit: long enough for a person to answer an unlock prompt. */
  timeoutMs?: number;
  /** Longest value in one entry; Windows' Credential Manager holds 2,560 bytes. */
  maxEntryLength?: number;
  /** The decrypted content of an older secrets.json (Electron's safeStorage); replaces the file's. */
  legacy?: Record<string, string>;
  platform?: NodeJS.Platform;
}

/**
 * The secret store of a host: the OS keychain when it answers the probe (once, at open), else
 * the 0600 file with a note saying why. Secrets kept elsewhere before — the file, the CLI's MCP
 * credentials, `legacy` — are moved into whichever is used, and nothing is removed until they
 * are stored there.
 */
export async function openSecretStore(home: string, options: OpenSecretsOptions): Promise<SecretStore> {
  const platform = options.platform ?? process.platform;
  const file = new FileSecretStore(secretsFile(home));
  const oldMcp = new FileSecretStore(legacyMcpCredentialsFile(home));
  const mcp = oldMcp.all();
  if (options.legacy || Object.keys(mcp).length > 0) {
    await file.write({ ...mcp, ...(options.legacy ?? file.all()) });
    await rm(oldMcp.path, { force: true });
  }
  let keychain: KeychainSecretStore;
  try {
    keychain = await KeychainSecretStore.open({
      service: keychainService(home),
      launch: options.launch ?? nodeKeychainLauncher(options.env),
      timeoutMs: options.timeoutMs ?? 20_000,
      maxEntryLength: options.maxEntryLength ?? (platform === 'win32' ? 800 : 64 * 1024),
      keychainName: keychainName(platform),
    });
    const waiting = file.all();
    for (const [name, value] of Object.entries(waiting))
      if (keychain.get(name) !== value) await keychain.set(name, value);
    if (Object.keys(waiting).length > 0) await rm(file.path, { force: true });
  } catch (err) {
    return new FileSecretStore(
      file.path,
      `No OS keychain answered (${whyNot(err)}), so keys are kept in a file instead.`,
    );
  }
  return keychain;
}

/** How a Linux keychain that is not there fails: no session bus, or no Secret Service on it. */
const NO_SECRET_SERVICE =
  /DBUS_SESSION_BUS_ADDRESS|autolaunch|No such file or directory|ServiceUnknown|org\.freedesktop\.secrets/i;

/** The keychain's failure in a person's words: the usual causes, else its own first line. */
function whyNot(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (NO_SECRET_SERVICE.test(message))
    return 'no Secret Service on a session bus, as in a headless, ssh or WSL session';
  if (/did not answer/.test(message)) return message.replace(/^the keychain /, 'it ');
  const first = message.split('\n')[0] ?? message;
  return first.length > 160 ? `${first.slice(0, 157)}…` : first;
}
