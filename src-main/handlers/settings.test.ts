import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigStore } from '../config/store';
import { MemorySecretStore, updateSettings } from './settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-settings-handler-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('settings.update on config.yaml', () => {
  it('keeps the comments in the blocks it edits', async () => {
    const file = join(dir, 'config.yaml');
    await writeFile(
      file,
      'approvals:\n  mode: manual # careful\nterminal:\n  backend: local\n  docker: # my container\n    image: debian:12 # pinned\n    cwd: /work\n',
    );
    await updateSettings(new ConfigStore(file), new MemorySecretStore(), {
      approvals: { mode: 'smart' },
      terminal: { docker: { image: 'debian:13', cwd: '/work' } },
    });
    const text = await readFile(file, 'utf8');
    for (const comment of ['# careful', '# my container', '# pinned']) expect(text).toContain(comment);
    const config = parse(text);
    expect(config.approvals.mode).toBe('smart');
    expect(config.terminal.docker).toEqual({ image: 'debian:13', cwd: '/work' });
  });
});
