import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, ConfigStore } from '../../config/store';
import { parseAllowlistEntry } from './allowlistEntry';
import { createConfigAllowlistStore } from './configAllowlistStore';

const createFileAllowlistStore = (path: string) => createConfigAllowlistStore(new ConfigStore(path));

let dir = '';
let file = '';

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-allowlist-'));
  file = join(dir, 'config.yaml');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('config.yaml allowlist store', () => {
  it('lists nothing when the file does not exist, and creates it on the first add', async () => {
    const store = createFileAllowlistStore(file);
    expect(await store.list()).toEqual([]);
    await store.add(['git-push-force']);
    expect(parse(await readFile(file, 'utf8'))).toEqual({ command_allowlist: ['git-push-force'] });
  });

  it('lists an "always" for a local host and port in network.allowed_local_hosts, comments kept', async () => {
    await writeFile(file, '# mine\nnetwork:\n  allowed_local_hosts: [nas.lan] # the NAS\n');
    const store = createFileAllowlistStore(file);
    await store.add(['fetch-local-host:127.0.0.1:3000', 'fetch-local-host:[::1]:8080', 'git-clean']);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('# mine');
    expect(text).toContain('# the NAS');
    expect(parse(text)).toEqual({
      network: { allowed_local_hosts: ['nas.lan', '127.0.0.1:3000', '[::1]:8080'] },
      command_allowlist: ['git-clean'],
    });
  });

  it('refuses a bare local-host key as an entry, which would open every local host', () => {
    expect(() => parseAllowlistEntry('fetch-local-host')).toThrow(/one host at a time/);
    expect(parseAllowlistEntry('fetch-local-host:127.0.0.1:3000')).toEqual({
      kind: 'rule',
      key: 'fetch-local-host:127.0.0.1:3000',
    });
  });

  it('keeps other keys and comments, and does not duplicate keys', async () => {
    await writeFile(
      file,
      '# my settings\nmodel:\n  name: gpt  # the default\ncommand_allowlist:\n  - rm-recursive\napprovals:\n  mode: manual\n',
    );
    const store = createFileAllowlistStore(file);
    await store.add(['rm-recursive', 'git-clean', 'git-clean']);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('# my settings');
    expect(text).toContain('# the default');
    expect(parse(text)).toEqual({
      model: { name: 'gpt' },
      command_allowlist: ['rm-recursive', 'git-clean'],
      approvals: { mode: 'manual' },
    });
    expect(await store.list()).toEqual(['rm-recursive', 'git-clean']);
  });

  it('keeps the comment on an empty flow list when an "always" answer adds the first key', async () => {
    await writeFile(file, 'command_allowlist: [] # note\n');
    await createFileAllowlistStore(file).add(['rm-recursive']);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('# note');
    expect(parse(text)).toEqual({ command_allowlist: ['rm-recursive'] });
  });

  it('loses nothing under concurrent adds, from one store or several, and leaves no temp files', async () => {
    await writeFile(file, 'approvals:\n  mode: manual\n');
    const stores = [createFileAllowlistStore(file), createFileAllowlistStore(join(dir, '.', 'config.yaml'))];
    const keys = Array.from({ length: 60 }, (_, i) => `key-${i}`);
    await Promise.all(keys.map((k, i) => stores[i % 2]?.add([k])));
    expect((await stores[0]?.list())?.sort()).toEqual([...keys].sort());
    expect(parse(await readFile(file, 'utf8')).approvals).toEqual({ mode: 'manual' });
    expect(await readdir(dir)).toEqual(['config.yaml']);
  });

  it('keeps the file mode', async () => {
    await writeFile(file, 'a: 1\n', { mode: 0o640 });
    await createFileAllowlistStore(file).add(['k']);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
  });

  it('reports an unreadable file and never overwrites it', async () => {
    const broken = 'approvals: [oops\nmodel: {name: x}\n';
    await writeFile(file, broken);
    const store = createFileAllowlistStore(file);
    await expect(store.list()).rejects.toBeInstanceOf(ConfigError);
    await expect(store.add(['git-clean'])).rejects.toThrow(/not valid YAML[^]*left as it is/);
    expect(await readFile(file, 'utf8')).toBe(broken);
  });

  it('refuses a command_allowlist that is not a list of strings, and a non-mapping file', async () => {
    await writeFile(file, 'command_allowlist: yes\n');
    await expect(createFileAllowlistStore(file).add(['k'])).rejects.toThrow(/command_allowlist/);
    await writeFile(file, '- just\n- a list\n');
    await expect(createFileAllowlistStore(file).add(['k'])).rejects.toThrow(/mapping/);
    expect(await readFile(file, 'utf8')).toBe('- just\n- a list\n');
  });

  it('a failed add does not block later ones', async () => {
    await writeFile(file, 'x: [\n');
    const store = createFileAllowlistStore(file);
    await expect(store.add(['a'])).rejects.toThrow();
    await writeFile(file, 'x: 1\n');
    await store.add(['b']);
    expect(await store.list()).toEqual(['b']);
  });
});
