/**
 * Host-key verification against an OpenSSH known_hosts file. An unknown host is an error the user
 * can accept (Settings appends the key with `acceptHostKey`); it is never trusted silently.
 */
import { createHash, createHmac } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname } from 'node:path';

export interface HostKeyInfo {
  host: string;
  port: number;
  keyType: string;
  /** The key blob, base64, as it appears in known_hosts. */
  key: string;
  /** OpenSSH-style fingerprint: SHA256:... */
  fingerprint: string;
}

export type HostKeyStatus = 'trusted' | 'unknown' | 'mismatch' | 'revoked';

export class HostKeyError extends Error {
  constructor(
    readonly status: Exclude<HostKeyStatus, 'trusted'>,
    readonly hostKey: HostKeyInfo,
  ) {
    super(describe(status, hostKey));
    this.name = 'HostKeyError';
  }
}

function describe(status: Exclude<HostKeyStatus, 'trusted'>, key: HostKeyInfo): string {
  const where = `${key.host}:${key.port}`;
  if (status === 'unknown') {
    return `unknown host key for ${where} (${key.keyType} ${key.fingerprint}); accept it in Settings to connect`;
  }
  if (status === 'revoked') return `the host key of ${where} (${key.fingerprint}) is revoked in known_hosts`;
  return (
    `host key mismatch for ${where}: the server offered ${key.keyType} ${key.fingerprint}, which differs ` +
    'from known_hosts; someone may be intercepting the connection'
  );
}

export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
}

export function hostKeyInfo(host: string, port: number, blob: Buffer): HostKeyInfo {
  const typeLength = blob.length >= 4 ? blob.readUInt32BE(0) : 0;
  const keyType = blob.subarray(4, 4 + typeLength).toString('latin1');
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { host, port, keyType, key: blob.toString('base64'), fingerprint };
}

/** The name OpenSSH looks up: `host`, or `[host]:port` for non-default ports. */
export function knownHostName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

export function knownHostsLine(info: HostKeyInfo): string {
  return `${knownHostName(info.host, info.port)} ${info.keyType} ${info.key}`;
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

function patternMatches(pattern: string, name: string): boolean {
  if (pattern.startsWith('|1|')) {
    const [, , salt, hash] = pattern.split('|');
    if (!salt || !hash) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  return globToRegExp(pattern).test(name);
}

function hostsMatch(field: string, name: string): boolean {
  let matched = false;
  for (const pattern of field.split(',')) {
    if (pattern.startsWith('!')) {
      if (patternMatches(pattern.slice(1), name)) return false;
    } else if (patternMatches(pattern, name)) {
      matched = true;
    }
  }
  return matched;
}

export function hostKeyStatus(knownHosts: string, info: HostKeyInfo): HostKeyStatus {
  const name = knownHostName(info.host, info.port);
  let status: HostKeyStatus = 'unknown';
  for (const raw of knownHosts.split('\n')) {
    const fields = raw.trim().split(/\s+/);
    if (fields.length < 3 || fields[0]?.startsWith('#')) continue;
    const marker = fields[0]?.startsWith('@') ? fields.shift() : undefined;
    const [hosts = '', keyType, key] = fields;
    if (marker === '@cert-authority' || !hostsMatch(hosts, name)) continue;
    if (key === info.key) {
      if (marker === '@revoked') return 'revoked';
      status = 'trusted';
    } else if (keyType === info.keyType && status === 'unknown' && marker !== '@revoked') {
      status = 'mismatch';
    }
  }
  return status;
}

export async function readKnownHosts(path: string): Promise<string> {
  try {
    return await readFile(expandHome(path), 'utf8');
  } catch {
    return '';
  }
}

/** Trusts a host key from now on by appending it to the known_hosts file. */
export async function acceptHostKey(knownHostsPath: string, info: HostKeyInfo): Promise<void> {
  const path = expandHome(knownHostsPath);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const existing = await readKnownHosts(path);
  const prefix = existing.length > 0 && !existing.endsWith('\n') ? '\n' : '';
  await appendFile(path, `${prefix}${knownHostsLine(info)}\n`, { mode: 0o600 });
}
