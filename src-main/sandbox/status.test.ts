import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../src-shared/ipc/schemas';
import { defaultConfig } from '../config/schema';
import { MemorySecretStore, settingsView } from '../handlers/settings';
import { Sandbox } from './sandbox';

const home = '/nonexistent-caduceus-home';

describe('sandbox status', () => {
  it('reaches the settings contract, so the UI can warn while the sandbox is off', () => {
    const off = new Sandbox({ mode: 'off' }, { caduceusHome: home });
    const view = settingsView(defaultConfig(), new MemorySecretStore(), off.status());
    expect(SettingsSchema.parse(view).sandbox).toEqual({
      configured: 'off',
      effective: 'off',
      writable_roots: [],
      network: { allowed_domains: [] },
    });
  });

  it('follows a reconfigure, checking the machine once a mode needs it', () => {
    let looked = 0;
    const which = () => {
      looked += 1;
      return undefined;
    };
    const sandbox = new Sandbox({ mode: 'off' }, { caduceusHome: home, which });
    expect(looked).toBe(0);
    sandbox.reconfigure({ mode: 'workspace-write' });
    expect(sandbox.status()).toMatchObject({ configured: 'workspace-write', effective: 'unavailable' });
    expect(sandbox.enabled).toBe(true);
    sandbox.reconfigure({ mode: 'off' });
    expect(sandbox.status()).toEqual({ configured: 'off', effective: 'off' });
    expect(sandbox.enabled).toBe(false);
  });

  it('is "unavailable" with what to install when bwrap is missing, and names the mode', () => {
    const status = new Sandbox(
      { mode: 'read-only' },
      { caduceusHome: home, which: () => undefined },
    ).status();
    expect(status.effective).toBe('unavailable');
    expect(status.reason).toContain('bubblewrap (bwrap) and socat not found');
    expect(status.reason).toContain('read-only');
    expect(status.reason).toContain('sandbox.mode: off');
  });

  it('is not offered on Windows, and says so', () => {
    const status = new Sandbox({}, { caduceusHome: home, platform: 'win32' }).status();
    expect(status).toMatchObject({ effective: 'unavailable' });
    expect(status.reason).toContain('Windows');
  });

  it('is in effect here, where bubblewrap and socat are installed', () => {
    expect(new Sandbox({}, { caduceusHome: home }).status()).toEqual({
      configured: 'workspace-write',
      effective: 'workspace-write',
    });
  });
});
