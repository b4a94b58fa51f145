import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptHostKey, HostKeyError, hostKeyInfo, hostKeyStatus, knownHostsLine } from './knownHosts';

function blob(type: string, body: string): Buffer {
  const typeBytes = Buffer.from(type);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(typeBytes.length);
  return Buffer.concat([length, typeBytes, Buffer.from(body)]);
}

const key = hostKeyInfo('example.org', 22, blob('ssh-ed25519', 'server-key'));
const other = blob('ssh-ed25519', 'attacker-key').toString('base64');

describe('known_hosts verification', () => {
  it('reads the key type and an OpenSSH-style fingerprint from the key blob', () => {
    expect(key.keyType).toBe('ssh-ed25519');
    expect(key.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('trusts a listed key and reports unknown hosts', () => {
    expect(hostKeyStatus(`example.org ssh-ed25519 ${key.key}\n`, key)).toBe('trusted');
    expect(hostKeyStatus(`other.org ssh-ed25519 ${key.key}\n`, key)).toBe('unknown');
    expect(hostKeyStatus('', key)).toBe('unknown');
  });

  it('flags a different key of the same type as a mismatch', () => {
    expect(hostKeyStatus(`example.org ssh-ed25519 ${other}\n`, key)).toBe('mismatch');
    expect(hostKeyStatus(`example.org ssh-rsa ${other}\n`, key)).toBe('unknown');
    expect(hostKeyStatus(`example.org ssh-ed25519 ${other}\nexample.org ssh-ed25519 ${key.key}\n`, key)).toBe(
      'trusted',
    );
  });

  it('matches ports, hashed names, wildcards and negations', () => {
    const onPort = hostKeyInfo('10.0.0.5', 2222, blob('ssh-ed25519', 'server-key'));
    expect(hostKeyStatus(`[10.0.0.5]:2222 ssh-ed25519 ${onPort.key}`, onPort)).toBe('trusted');
    expect(hostKeyStatus(`10.0.0.5 ssh-ed25519 ${onPort.key}`, onPort)).toBe('unknown');
    const salt = randomBytes(20);
    const hash = createHmac('sha1', salt).update('example.org').digest('base64');
    expect(hostKeyStatus(`|1|${salt.toString('base64')}|${hash} ssh-ed25519 ${key.key}`, key)).toBe(
      'trusted',
    );
    expect(hostKeyStatus(`*.org,!example.org ssh-ed25519 ${key.key}`, key)).toBe('unknown');
    expect(hostKeyStatus(`exam?le.*,foo ssh-ed25519 ${key.key}`, key)).toBe('trusted');
  });

  it('honours revocations and skips comments and CA lines', () => {
    expect(hostKeyStatus(`example.org ssh-ed25519 ${key.key}\n@revoked * ssh-ed25519 ${key.key}`, key)).toBe(
      'revoked',
    );
    expect(
      hostKeyStatus(`# example.org ssh-ed25519 ${key.key}\n@cert-authority * ssh-ed25519 ${key.key}`, key),
    ).toBe('unknown');
  });

  it('explains refusals and appends accepted keys', async () => {
    expect(new HostKeyError('unknown', key).message).toMatch(
      /unknown host key for example\.org:22 \(ssh-ed25519 SHA256:.*accept it in Settings/,
    );
    expect(new HostKeyError('mismatch', key).message).toMatch(/host key mismatch/);
    const dir = await mkdtemp(join(tmpdir(), 'caduceus-known-'));
    const path = join(dir, 'ssh', 'known_hosts');
    await acceptHostKey(path, key);
    expect(await readFile(path, 'utf8')).toBe(`${knownHostsLine(key)}\n`);
    expect(hostKeyStatus(await readFile(path, 'utf8'), key)).toBe('trusted');
    await rm(dir, { recursive: true, force: true });
  });
});
