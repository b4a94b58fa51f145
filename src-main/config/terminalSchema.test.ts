import { describe, expect, it } from 'vitest';
import { TerminalConfigSchema } from './terminalSchema';

describe('TerminalConfigSchema', () => {
  it('fills safe defaults', () => {
    const config = TerminalConfigSchema.parse({});
    expect(config).toMatchObject({
      backend: 'local',
      idleTimeoutSeconds: 600,
      maxOutputChars: 50_000,
      docker: { network: 'none', persistent: false, pidsLimit: 512, socketPath: '/var/run/docker.sock' },
      modal: { blockNetwork: true },
    });
    expect(config.ssh).toBeUndefined();
  });

  it('requires host and username for ssh and rejects bad values', () => {
    expect(TerminalConfigSchema.safeParse({ ssh: { host: 'h' } }).success).toBe(false);
    expect(TerminalConfigSchema.parse({ ssh: { host: 'h', username: 'u' } }).ssh).toMatchObject({
      port: 22,
      knownHostsPath: '~/.ssh/known_hosts',
    });
    expect(TerminalConfigSchema.safeParse({ backend: 'telnet' }).success).toBe(false);
    expect(TerminalConfigSchema.safeParse({ docker: { memory: 'lots' } }).success).toBe(false);
  });
});
