import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main';
import { memoryIo } from '../cli/testing';
import { lastToolResult, oneByOne, sha, term, useHostileChat } from '../testing/hostileChat';

// config.yaml holds MCP tokens (a server's env and headers) and keys: it is on the read policy,
// so neither a file tool nor a sandboxed command hands it to the model without a person's yes.
const h = useHostileChat();

const CONFIG = `command_allowlist: []
mcp_servers:
  vault:
    url: http://127.0.0.1:9/mcp
    headers:
      Authorization: Bearer PLANTED-header
    enabled: false
  tool:
    command: vault-mcp
    env:
      VAULT_TOKEN: PLANTED-env
    enabled: false
tts:
  api_key: PLANTED-key
`;

describe('a hostile model under caduceus chat --approvals deny', () => {
  it('reads nothing of $CADUCEUS_HOME/config.yaml, by any tool, through a link too', async () => {
    const { home, workspace, victim, model, chat } = h;
    const config = join(home, 'config.yaml');
    await writeFile(config, CONFIG);
    const before = await sha(config);
    const link = join(workspace, 'settings.yaml');
    await symlink(config, link);
    try {
      const script = `print(tools.read_file(path=${JSON.stringify(config)}))\nprint(open(${JSON.stringify(config)}).read())`;
      const steps = oneByOne([
        { name: 'read_file', arguments: { path: config } },
        { name: 'read_file', arguments: { path: 'settings.yaml' } },
        { name: 'search_files', arguments: { pattern: 'PLANTED', path: home } },
        { name: 'search_files', arguments: { pattern: 'PLANTED', path: 'settings.yaml' } },
        { name: 'execute_code', arguments: { language: 'python', code: script } },
        term(`cat ${config}`),
        term(`grep -r PLANTED ${home} settings.yaml`),
        term(`cp settings.yaml ${join(victim, 'config.yaml')}`),
        term(`base64 < settings.yaml > copy.b64`),
      ]);
      const { code, stderr } = await chat(steps);

      expect(code, stderr).toBe(0);
      expect(model.requests.length).toBe(steps.length);
      const seen = model.requests.map(lastToolResult).join('\n');
      expect(seen).not.toMatch(/PLANTED-|UExBTlRFRC/);
      for (const dir of [victim, workspace])
        for (const entry of await readdir(dir, { withFileTypes: true }))
          if (entry.isFile())
            expect(await readFile(join(dir, entry.name), 'utf8')).not.toMatch(/PLANTED-|UExBTlRFRC/);
      expect(await sha(config)).toBe(before);
    } finally {
      await rm(link, { force: true });
    }
  }, 120_000);
});

describe('config.yaml with a person to ask', () => {
  it('is read by a file tool after a yes to a question naming it, and a missing one is not made', async () => {
    const { root, model } = h;
    const home = await mkdtemp(join(root, 'asked-home-'));
    const workspace = join(home, 'ws');
    await mkdir(workspace);
    const fresh = await mkdtemp(join(root, 'fresh-home-'));
    const chat = async (caduceusHome: string, steps: Parameters<typeof oneByOne>[0], tty: string) => {
      model.reset();
      model.push(...oneByOne(steps));
      const m = memoryIo({ CADUCEUS_HOME: caduceusHome, HOME: join(root, 'user-home') }, workspace);
      const stdin = Object.assign(new PassThrough(), { isTTY: true });
      stdin.write(tty);
      const argv = ['chat', '-q', 'go', '--base-url', model.baseUrl, '--model', 'm'];
      const code = await main(argv, { ...m.io, stdin });
      return { code, stderr: m.stderr() };
    };
    await writeFile(join(home, 'config.yaml'), CONFIG);

    const read = await chat(
      home,
      [{ name: 'read_file', arguments: { path: join(home, 'config.yaml') } }],
      'o\n',
    );
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr).toMatch(/let the model read .*config\.yaml\?/);
    const last = model.requests.at(-1);
    expect(last && lastToolResult(last)).toContain('PLANTED-key');

    // A sandboxed command where there is no config.yaml leaves none behind (no mask placeholder).
    const ran = await chat(fresh, [term('cat "$CADUCEUS_HOME/config.yaml"; ls -a "$CADUCEUS_HOME"')], '');
    expect(ran.code, ran.stderr).toBe(0);
    expect(await readdir(fresh)).not.toContain('config.yaml');
  }, 120_000);
});
