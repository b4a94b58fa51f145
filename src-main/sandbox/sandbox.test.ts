import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerminalService, type RunCommandResult } from '../terminal/service';
import { writeAtomic } from '../config/atomicFile';
import { MARK, newMark, until } from '../terminal/testing/backendScenarios';
import { settleProcesses } from '../terminal/testing/procs';
import { Sandbox } from './sandbox';
import { removeProcessFolder } from './processFolder';
import { startNetworkProxy } from './networkProxy';

let root: string;
let workspace: string;
let outside: string;
let home: string;
let caduceusHome: string;
let service: TerminalService;
let mark: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-sandbox-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await removeProcessFolder();
});

async function start(options: { which?: (name: string) => string | undefined; config?: object } = {}) {
  const id = Math.random().toString(36).slice(2, 8);
  workspace = join(root, `ws-${id}`);
  outside = join(root, `outside-${id}`);
  home = join(root, `home-${id}`);
  caduceusHome = join(workspace, '.caduceus');
  for (const dir of [workspace, outside, join(home, '.ssh'), caduceusHome])
    await mkdir(dir, { recursive: true });
  await writeFile(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY\n');
  await writeFile(join(caduceusHome, 'config.yaml'), 'command_allowlist: []\n');
  mark = newMark();
  const sandbox = new Sandbox(options.config ?? {}, {
    caduceusHome,
    home,
    which: options.which,
    networkProxy: startNetworkProxy,
  });
  service = new TerminalService({
    config: { local: { cwd: workspace }, env: { [MARK]: mark, HOME: home } },
    sandbox,
  });
  return service;
}

afterEach(async () => {
  await service.shutdown();
  await service.sandbox?.dispose();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

async function run(command: string, extra: object = {}) {
  const result = await service.run({ taskId: 't1', toolCallId: 'call', command, ...extra });
  if (result.status !== 'completed') throw new Error('expected a foreground result');
  return result;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('the local sandbox (real bubblewrap)', () => {
  it('lets a command write the workspace and its TMPDIR but nothing outside', async () => {
    await start();
    const result = await run(
      `echo in > inside.txt; echo out > ${outside}/escaped.txt; echo t > "$TMPDIR/t" && echo tmp-ok; ` +
        `python3 -c "import shutil; shutil.rmtree('${outside}')"; echo rc=$?`,
    );
    expect(await readFile(join(workspace, 'inside.txt'), 'utf8')).toBe('in\n');
    expect(await exists(join(outside, 'escaped.txt'))).toBe(false);
    expect(await exists(outside)).toBe(true);
    expect(result.output).toContain('Read-only file system');
    expect(result.output).toContain('tmp-ok');
    expect(result.output).toMatch(/rc=[1-9]/);
  });

  it('in read-only mode writes only the temp folder', async () => {
    await start({ config: { mode: 'read-only' } });
    const result = await run('echo t > "$TMPDIR/t" && echo tmp-ok; echo w > inside.txt');
    expect(result.output).toContain('tmp-ok');
    expect(result.output).toContain('Read-only file system');
    expect(await exists(join(workspace, 'inside.txt'))).toBe(false);
  });

  it('keeps $CADUCEUS_HOME/config.yaml byte-identical, even inside the workspace', async () => {
    await start();
    const config = join(caduceusHome, 'config.yaml');
    const before = createHash('sha256')
      .update(await readFile(config))
      .digest('hex');
    await run(
      [
        `python3 -c "open('${config}','a').write('command_allowlist: [rm-recursive]\\n')"`,
        `node -e "require('fs').appendFileSync('${config}', 'x')"`,
        `echo 'command_allowlist: [rm-recursive]' >> ${config}`,
        `rm -f ${config}`,
        `mv ${caduceusHome} ${workspace}/moved`,
      ].join('; '),
    );
    const after = createHash('sha256')
      .update(await readFile(config))
      .digest('hex');
    expect(after).toBe(before);
  });

  it("keeps $CADUCEUS_HOME's secrets from a running command when the app replaces them", async () => {
    await start();
    const config = join(caduceusHome, 'config.yaml');
    await mkdir(join(caduceusHome, 'skills', 'mine'), { recursive: true });
    await writeFile(join(caduceusHome, 'skills', 'mine', 'SKILL.md'), 'skill body\n');
    // A writer that died mid-write leaves its temp copy beside the file.
    await writeFile(`${config}.123.abcdef01.tmp`, 'mcp_servers: {x: {env: {T: PLANTED-stale}}}\n');
    const running = run(
      `touch ready; until [ -f go ]; do sleep 0.1; done; ` +
        `cat ${caduceusHome}/*; cat ${caduceusHome}/skills/mine/SKILL.md; echo end`,
    );
    await until(() => existsSync(join(workspace, 'ready')));
    // The app saves config.yaml (an "always" answer, a settings change) by renaming over it.
    await writeAtomic(config, 'mcp_servers: {x: {headers: {Authorization: PLANTED-new}}}\n');
    await writeFile(join(workspace, 'go'), '');
    const result = await running;
    expect(result.output).toContain('end');
    expect(result.output).not.toContain('PLANTED-');
    expect(result.output).toContain('skill body');
  });

  it('hides ~/.ssh', async () => {
    await start();
    const result = await run(`cat ${home}/.ssh/id_ed25519; ls ${home}/.ssh; echo done`);
    expect(result.output).not.toContain('PRIVATE KEY');
    expect(result.output).not.toContain('id_ed25519\n');
    expect(result.output).toContain('done');
  });

  it('refuses the network, even a loopback server on this machine', async () => {
    await start();
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      hits++;
      res.end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await run(
        `python3 -c "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:${port}/').read())"; echo rc=$?`,
      );
      expect(result.output).not.toContain('reached');
      expect(result.output).toMatch(/Connection refused|unreachable/i);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('with allowed hosts routes commands through the filtering proxy, never straight out', async () => {
    await start({ config: { network: { allowed_domains: ['example.com'] } } });
    const result = await run(
      'echo "proxy=$HTTPS_PROXY"; curl -sS -m 5 --noproxy "*" http://example.com/; echo rc=$?',
    );
    expect(result.output).toMatch(/proxy=http:\/\/[^@\s]+@localhost:3128/);
    expect(result.output).toMatch(/Could not resolve host: example.com/);
  });

  it('wraps PTY, background and process-write paths as well', async () => {
    await start();
    const pty = await run(`echo p > ${outside}/pty.txt; tty >/dev/null && echo is-tty`, { pty: true });
    expect(pty.output).toContain('is-tty');
    expect(pty.output).toContain('Read-only file system');

    const bg = await service.run({ taskId: 't1', toolCallId: 'bg', command: 'bash', background: true });
    if (bg.status !== 'started') throw new Error('expected a background process');
    service.processes.write(bg.processId, `echo w > ${outside}/written.txt; echo wrote-rc=$?\n`);
    let seen = '';
    await until(() => (seen += service.processes.poll(bg.processId).output).includes('wrote-rc='));
    service.processes.closeStdin(bg.processId);
    await service.processes.wait(bg.processId, 10_000);
    expect(seen).toMatch(/wrote-rc=[1-9]/);

    for (const name of ['pty.txt', 'written.txt']) expect(await exists(join(outside, name))).toBe(false);
  });

  it('runs git init and git commit in the workspace but keeps hooks and .envrc read-only', async () => {
    await start();
    const result = await run(
      'git init -q . && echo x > a && git add a && git -c user.email=a@b -c user.name=a commit -q -m first && echo committed',
    );
    expect(result.output, result.output).toContain('committed');
    await writeFile(join(workspace, '.bashrc'), 'safe\n');
    // The repository exists now, so the next command finds its hooks protected.
    await run(
      'echo "rm -rf /" > .git/hooks/post-commit; echo "rm -rf /" > .envrc; mkdir -p .vscode; echo x > .bashrc',
    );
    expect(await readFile(join(workspace, '.bashrc'), 'utf8')).toBe('safe\n');
    expect(await exists(join(workspace, '.git/hooks/post-commit'))).toBe(false);
    expect(await exists(join(workspace, '.envrc'))).toBe(false);
    expect(await exists(join(workspace, '.vscode'))).toBe(false);
  });

  it("keeps what sandboxed commands leave behind out of the human's unsandboxed shell", async () => {
    await start();
    const stateFiles = '"$TMPDIR"/../caduceus-term-*/.caduceus-*.env';
    await run(
      `export PROMPT_COMMAND="touch ${outside}/prompt"; ` +
        `for f in ${stateFiles}; do echo "touch ${outside}/sourced" >> "$f"; done`,
    );
    const shell = await service.openUserShell({ taskId: 't1', cols: 80, rows: 24 });
    shell.write('echo "prompt=[$PROMPT_COMMAND]"; exit\n');
    await shell.exited;
    expect(await exists(join(outside, 'sourced'))).toBe(false);
    expect(await exists(join(outside, 'prompt'))).toBe(false);
  });

  it("runs the issue's attacks without touching anything outside the workspace", async () => {
    await start();
    const victim = join(outside, 'victim');
    const attacks = [
      `trap 'rm -rf ${victim}' EXIT`,
      `cp /bin/rm ./del && ./del -rf ${victim}`,
      `git init -q g && cd g && git config alias.nuke '!rm -rf ${victim}' && git nuke`,
      `node -e "require('fs').rmSync('${victim}', { recursive: true, force: true })"`,
      `perl -MFile::Path=rmtree -e 'rmtree("${victim}")'`,
      `python3 -c "import shutil; shutil.rmtree('${victim}')"`,
    ];
    for (const attack of attacks) {
      await mkdir(join(victim, 'sub'), { recursive: true });
      await writeFile(join(victim, 'sub', 'f'), 'keep');
      await run(attack);
      expect(await readFile(join(victim, 'sub', 'f'), 'utf8'), attack).toBe('keep');
    }
  });

  it('lets a command out of the write fence without making anything in / or racing another sandbox there', async () => {
    const rootBefore = readdirSync('/').sort();
    await start();
    // Another sandbox, in a worker of its own, writing out of the fence at the same time.
    const other = new Sandbox({}, { caduceusHome, home });
    const otherService = new TerminalService({
      config: { local: { cwd: workspace }, env: { [MARK]: mark, HOME: home } },
      sandbox: other,
    });
    try {
      const runs = Array.from({ length: 4 }, (_, i) =>
        (i % 2 ? otherService : service).run({
          taskId: `t${i}`,
          toolCallId: 'call',
          command: `ls -a /; touch ${outside}/out-${i}`,
          openWrites: true,
        }),
      );
      for (const result of await Promise.all(runs)) {
        if (result.status !== 'completed') throw new Error('expected a foreground result');
        expect(result.exitCode, result.output).toBe(0);
        const seen = result.output.split('\n').filter((name) => name && name !== '.' && name !== '..');
        expect(seen.sort()).toEqual(rootBefore);
      }
      for (let i = 0; i < 4; i++) expect(await exists(join(outside, `out-${i}`))).toBe(true);
    } finally {
      await otherService.shutdown();
      await other.dispose();
    }
    expect(readdirSync('/').sort()).toEqual(rootBefore);
  });

  it('says what to install and refuses to run bare when bubblewrap is missing', async () => {
    await start({ which: () => undefined });
    expect(service.sandbox?.status()).toMatchObject({ effective: 'unavailable' });
    const availability = await service.availability();
    expect(availability.available).toBe(false);
    expect(availability.reason).toContain('apt-get install bubblewrap socat');
    expect(availability.reason).toContain('workspace-write');
    const result: RunCommandResult = await service.run({
      taskId: 't1',
      toolCallId: 'call',
      command: `echo bare > ${outside}/bare.txt`,
    });
    expect(result.status === 'completed' && result.error).toContain('bubblewrap');
    expect(await exists(join(outside, 'bare.txt'))).toBe(false);
  });
});
