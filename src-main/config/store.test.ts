import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, ConfigStore } from './store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ConfigStore', () => {
  it('gives defaults when config.yaml does not exist', async () => {
    const config = await new ConfigStore(join(dir, 'config.yaml')).load();
    expect(config.command_allowlist).toEqual([]);
    expect(config.approvals.mode).toBe('manual');
    expect(config.approvals.timeout_seconds).toBe(0);
    expect(config.mcp_servers).toEqual({});
  });

  it('keeps comments and unknown keys when it saves', async () => {
    const path = join(dir, 'config.yaml');
    await writeFile(path, '# my settings\nfuture_key: 7 # keep me\napprovals:\n  mode: smart\n');
    const store = new ConfigStore(path);
    await store.set(['approvals', 'timeout_seconds'], 30);
    const text = await readFile(path, 'utf8');
    expect(text).toContain('# my settings');
    expect(text).toContain('future_key: 7 # keep me');
    const config = await store.load();
    expect(config.approvals).toMatchObject({ mode: 'smart', timeout_seconds: 30 });
    expect(config.future_key).toBe(7);
  });

  it('writes a new or empty file in block style, as the README shows it', async () => {
    for (const start of [undefined, '', '{}\n']) {
      const path = join(dir, `config-${String(start?.length)}.yaml`);
      if (start !== undefined) await writeFile(path, start);
      const store = new ConfigStore(path);
      await store.set(['model', 'name'], 'gpt-x');
      await store.set(['approvals', 'mode'], 'smart');
      expect(await readFile(path, 'utf8')).toBe('model:\n  name: gpt-x\napprovals:\n  mode: smart\n');
    }
  });

  it('loses nothing under concurrent updates and leaves no temp files', async () => {
    const path = join(dir, 'config.yaml');
    const store = new ConfigStore(path);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        store.update((doc, current) =>
          doc.set('command_allowlist', [...current.command_allowlist, `key-${i}`]),
        ),
      ),
    );
    expect((await store.load()).command_allowlist.sort()).toEqual(
      Array.from({ length: 25 }, (_, i) => `key-${i}`).sort(),
    );
    expect(await readdir(dir)).toEqual(['config.yaml']);
  });

  it('reports an unparsable file and never overwrites it', async () => {
    const path = join(dir, 'config.yaml');
    const broken = 'approvals: [unclosed\n  mode: : :\n';
    await writeFile(path, broken);
    const store = new ConfigStore(path);
    await expect(store.load()).rejects.toThrow(ConfigError);
    await expect(store.set(['command_allowlist'], ['x'])).rejects.toThrow(/not valid YAML/);
    expect(await readFile(path, 'utf8')).toBe(broken);
  });

  it('rejects a change that would make the config invalid, leaving the file as it was', async () => {
    const path = join(dir, 'config.yaml');
    await writeFile(path, 'approvals:\n  mode: manual\n');
    const store = new ConfigStore(path);
    await expect(store.set(['approvals', 'mode'], 'sometimes')).rejects.toThrow(/approvals\.mode/);
    expect(await readFile(path, 'utf8')).toBe('approvals:\n  mode: manual\n');
    // The queue keeps working after a failed update.
    await store.set(['approvals', 'mode'], 'off');
    expect((await store.load()).approvals.mode).toBe('off');
  });

  it('validates MCP server entries', async () => {
    const path = join(dir, 'config.yaml');
    await writeFile(path, 'mcp_servers:\n  both:\n    command: x\n    url: http://127.0.0.1:1/mcp\n');
    await expect(new ConfigStore(path).load()).rejects.toThrow(/either command/);
  });
});

describe('ConfigStore change notification', () => {
  it('keeps the current config and tells listeners after each save', async () => {
    const store = new ConfigStore(join(dir, 'config.yaml'));
    expect(() => store.current).toThrow(/not been loaded/);
    await store.load();
    const seen: string[] = [];
    store.onChange((c) => seen.push(c.approvals.mode));
    await store.set(['approvals', 'mode'], 'off');
    expect(store.current.approvals.mode).toBe('off');
    expect(seen).toEqual(['off']);
  });
});

/** A process that starts an atomic write of `target` (temp file named as writeAtomic names it) and stays. */
async function startWriter(target: string): Promise<{ child: ChildProcess; tmp: string }> {
  const script = `
    const fs = require('node:fs');
    const tmp = process.argv[1] + '.' + process.pid + '.deadbeef.tmp';
    fs.writeFileSync(tmp, 'approvals:\\n  mode: of');
    process.stdout.write(tmp + '\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['-e', script, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, tmp: line };
}

describe('ConfigStore start-up', () => {
  it('removes temp files left by a writer killed mid-write, and only stale ones', async () => {
    const path = join(dir, 'config.yaml');
    await writeFile(path, 'approvals:\n  mode: manual\n');
    const crashed = await startWriter(path);
    const living = await startWriter(path);
    const reused = `${path}.${process.pid}.0badf00d.tmp`;
    const oldOfLiving = `${path}.${living.child.pid}.cafebabe.tmp`;
    try {
      crashed.child.kill('SIGKILL');
      await once(crashed.child, 'exit');
      // Left by an earlier process that had this pid, and one an hour and more old.
      await writeFile(reused, 'partial');
      await writeFile(oldOfLiving, 'partial');
      const longAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(oldOfLiving, longAgo, longAgo);
      await writeFile(join(dir, 'config.yaml.bak'), 'mine');
      await writeFile(join(dir, 'other.1.deadbeef.tmp'), 'not ours');

      expect((await new ConfigStore(path).load()).approvals.mode).toBe('manual');
      expect((await readdir(dir)).sort()).toEqual(
        ['config.yaml', 'config.yaml.bak', 'other.1.deadbeef.tmp', living.tmp.slice(dir.length + 1)].sort(),
      );
    } finally {
      living.child.kill('SIGKILL');
      await once(living.child, 'exit');
    }
  });
});
