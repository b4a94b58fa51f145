import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../src-shared/ipc/schemas';
import type { AppCore } from '../appCore';
import { useCoreHome } from '../testing/coreHome';

const temp = useCoreHome('caduceus-sandbox-settings-', { homeInside: true });
let configFile: string;
let core: AppCore;
let changed: Settings[];

const CONFIG =
  '# mine\nsandbox:\n  mode: workspace-write # keep\n  writable_roots:\n    - /srv/cache # shared\n';

beforeEach(async () => {
  configFile = join(temp.home, 'config.yaml');
  await writeFile(configFile, CONFIG);
  core = await temp.start({ env: process.env });
  changed = [];
  core.events.subscribe((name, payload) => {
    if (name === 'settings.changed') changed.push(payload as Settings);
  });
});

describe('the Sandbox settings through the contract', () => {
  it('shows the configured lists and the mode in effect', async () => {
    const reply = await core.invoke('settings.get', {});
    if (!reply.ok) throw new Error(reply.error.message);
    expect((reply.value as Settings).sandbox).toEqual({
      configured: 'workspace-write',
      effective: 'workspace-write',
      writable_roots: ['/srv/cache'],
      network: { allowed_domains: [] },
    });
  });

  it('applies a mode change at once: off is in effect and announced, and back again', async () => {
    const off = await core.invoke('settings.update', { sandbox: { mode: 'off' } });
    if (!off.ok) throw new Error(off.error.message);
    expect((off.value as Settings).sandbox).toMatchObject({ configured: 'off', effective: 'off' });
    expect(changed.at(-1)?.sandbox).toMatchObject({ configured: 'off', effective: 'off' });
    expect(core.root.terminals.current.sandbox?.enabled).toBe(false);

    const on = await core.invoke('settings.update', { sandbox: { mode: 'read-only' } });
    if (!on.ok) throw new Error(on.error.message);
    expect((on.value as Settings).sandbox).toMatchObject({ configured: 'read-only', effective: 'read-only' });
    expect(changed.at(-1)?.sandbox).toMatchObject({ effective: 'read-only' });
    expect(core.root.terminals.current.sandbox?.enabled).toBe(true);
  });

  it('saves lists in place, keeping the comments', async () => {
    const reply = await core.invoke('settings.update', {
      sandbox: { writable_roots: ['/srv/cache', '~/build'], network: { allowed_domains: ['*.npmjs.org'] } },
    });
    if (!reply.ok) throw new Error(reply.error.message);
    const text = await readFile(configFile, 'utf8');
    for (const comment of ['# mine', '# keep', '# shared']) expect(text).toContain(comment);
    expect(text).toContain('- ~/build');
    expect(text).toContain('- "*.npmjs.org"');
    expect(core.root.config.sandbox.network.allowed_domains).toEqual(['*.npmjs.org']);
  });

  it('refuses a relative root or a bare wildcard host and leaves config.yaml as it was', async () => {
    const root = await core.invoke('settings.update', { sandbox: { writable_roots: ['/srv', 'build'] } });
    expect(root.ok).toBe(false);
    if (!root.ok) expect(root.error.message).toMatch(/sandbox\.writable_roots\.1: Use an absolute path/);
    const host = await core.invoke('settings.update', { sandbox: { network: { allowed_domains: ['*'] } } });
    expect(host.ok).toBe(false);
    expect(await readFile(configFile, 'utf8')).toBe(CONFIG);
    expect(changed).toEqual([]);
  });
});
