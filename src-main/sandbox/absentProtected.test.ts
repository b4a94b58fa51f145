import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerminalService } from '../terminal/service';
import { MARK, newMark, until } from '../terminal/testing/backendScenarios';
import { settleProcesses } from '../terminal/testing/procs';
import { Sandbox } from './sandbox';

// Files that make code run later are protected before they exist, without showing the person
// or the model placeholders that are not there: what a command created among them is undone.

let root: string;
let service: TerminalService;
let mark: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-absent-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function start(options: { workspaceIsHome?: boolean } = {}): Promise<string> {
  const id = Math.random().toString(36).slice(2, 8);
  const workspace = join(root, `ws-${id}`);
  await mkdir(workspace, { recursive: true });
  const home = options.workspaceIsHome ? workspace : join(root, `home-${id}`);
  mark = newMark();
  const sandbox = new Sandbox({}, { caduceusHome: join(root, `caduceus-${id}`), home });
  service = new TerminalService({
    config: { local: { cwd: workspace }, env: { [MARK]: mark, HOME: home } },
    sandbox,
  });
  return workspace;
}

afterEach(async () => {
  await service.shutdown();
  await service.sandbox?.dispose();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

async function run(command: string, background = false) {
  return service.run({ taskId: 't', toolCallId: 'c', command, background });
}

const devices = (dir: string) => execFileSync('find', [dir, '-type', 'c']).toString().trim();

describe('protected files that do not exist yet (real bubblewrap)', () => {
  it('shows no placeholders: the listing inside and outside a running command is the real folder', async () => {
    const workspace = await start({ workspaceIsHome: true });
    const started = await run('touch started && sleep 30', true);
    await until(() => existsSync(join(workspace, 'started')));
    expect(devices(workspace)).toBe('');
    expect(await readdir(workspace)).toEqual(['started']);
    const inside = await run('find . -type c; ls -A');
    expect(inside.status === 'completed' && inside.output.trim()).toBe('started');
    if (started.status === 'started') await service.processes.kill(started.processId);
  }, 60_000);

  it('shows none in the folder Caduceus was started from either, when that is the workspace', async () => {
    const workspace = await start();
    const startedIn = process.cwd();
    process.chdir(workspace);
    try {
      const inside = await run('ls -A');
      expect(inside.status === 'completed' && inside.output.trim()).toBe('');
    } finally {
      process.chdir(startedIn);
    }
  }, 60_000);

  it('removes and reports what a command created among them', async () => {
    const workspace = await start();
    const result = await run(
      "echo 'touch ran' > .envrc && mkdir -p .vscode .idea && echo '{}' > .vscode/tasks.json && " +
        "echo '{}' > .mcp.json && echo kept > notes.txt",
    );
    for (const name of ['.envrc', '.vscode', '.idea', '.mcp.json'])
      expect(existsSync(join(workspace, name))).toBe(false);
    expect(existsSync(join(workspace, 'notes.txt'))).toBe(true);
    expect(result.status === 'completed' && result.output).toMatch(
      /\.envrc: removed[\s\S]*\.vscode: removed/,
    );
  }, 60_000);

  it("removes the shell's start-up files a command created when the workspace is the home folder", async () => {
    const workspace = await start({ workspaceIsHome: true });
    await run(
      "echo 'touch ran' > .bashrc; echo x > .profile; mkdir -p .config/git; echo x > .config/git/config",
    );
    for (const name of ['.bashrc', '.profile', '.config/git'])
      expect(existsSync(join(workspace, name))).toBe(false);
  }, 60_000);

  it('undoes what a background process creates while it still runs', async () => {
    const workspace = await start();
    const started = await run("sleep 0.3; echo 'touch ran' > .envrc; touch made; sleep 30", true);
    await until(() => existsSync(join(workspace, 'made')));
    await until(() => !existsSync(join(workspace, '.envrc')));
    if (started.status !== 'started') throw new Error('expected a background process');
    expect(service.processes.get(started.processId).status).toBe('running');
    await service.processes.kill(started.processId);
    await until(() => /\.envrc: removed/.test(service.processes.log(started.processId).text));
  }, 60_000);
});
