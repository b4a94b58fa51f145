import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TerminalService } from '../terminal/service';
import { MARK, newMark } from '../terminal/testing/backendScenarios';
import { settleProcesses } from '../terminal/testing/procs';
import { Sandbox } from './sandbox';

// Each planting route: one sandboxed command writes git metadata, then the person runs their own
// git in the workspace, outside the sandbox. Whatever the command planted must not run.

let root: string;
let workspace: string;
let personHome: string;
let marker: string;
let service: TerminalService;
let mark: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-gitplant-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The person's own git: unsandboxed, a clean HOME, no system config. */
function person(args: string[], cwd = workspace, input?: string): string {
  try {
    return execFileSync('git', args, {
      cwd,
      input,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: personHome,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'p',
        GIT_AUTHOR_EMAIL: 'p@example.com',
        GIT_COMMITTER_NAME: 'p',
        GIT_COMMITTER_EMAIL: 'p@example.com',
        GIT_TERMINAL_PROMPT: '0',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 20_000,
    }).toString();
  } catch (error) {
    return String(error);
  }
}

beforeEach(async () => {
  const id = Math.random().toString(36).slice(2, 8);
  workspace = join(root, `ws-${id}`);
  personHome = join(root, `person-${id}`);
  marker = join(root, `ran-${id}`);
  await mkdir(workspace, { recursive: true });
  await mkdir(personHome, { recursive: true });
  await writeFile(join(personHome, '.gitconfig'), '[protocol "file"]\n\tallow = always\n');
  // The person's repository, made before any command ran.
  person(['init', '-q', '-b', 'main']);
  await writeFile(join(workspace, 'a.txt'), 'a\n');
  person(['add', 'a.txt']);
  person(['commit', '-qm', 'first']);
  mark = newMark();
  const sandbox = new Sandbox({}, { caduceusHome: join(root, `caduceus-${id}`), home: personHome });
  service = new TerminalService({
    config: { local: { cwd: workspace }, env: { [MARK]: mark, HOME: personHome } },
    sandbox,
  });
});

afterEach(async () => {
  await service.shutdown();
  await service.sandbox?.dispose();
  expect(await settleProcesses(MARK, mark)).toEqual([]);
});

async function agent(command: string): Promise<string> {
  const result = await service.run({ taskId: 't', toolCallId: 'c', command });
  if (result.status !== 'completed') throw new Error('expected a foreground result');
  return result.output;
}

const run = () => `touch ${marker}`;
/** A copy of the person's .git whose config runs the marker on every status. */
const evilCopy = (dir: string) =>
  `cp -r .git ${dir} && git config --file ${dir}/config core.fsmonitor '${run()}; false'`;

describe("the person's git after a sandboxed command (real bubblewrap, real git)", () => {
  it('does not follow a commondir the command wrote, to a copy in TMPDIR or in the workspace', async () => {
    await agent(`${evilCopy('"$TMPDIR/evil"')} && echo "$TMPDIR/evil" > .git/commondir`);
    person(['status']);
    expect(existsSync(marker)).toBe(false);
    const out = await agent(`${evilCopy('evil')} && echo ../evil > .git/commondir`);
    person(['status']);
    expect(existsSync(marker)).toBe(false);
    expect(out).toMatch(/evil\/config: removed core\.fsmonitor/);
  }, 60_000);

  it('does not follow a gitdir: file the command wrote, in a new folder or in place of .git', async () => {
    await agent(`${evilCopy('"$TMPDIR/g"')} && mkdir sub && echo "gitdir: $TMPDIR/g" > sub/.git`);
    person(['status'], join(workspace, 'sub'));
    expect(existsSync(marker)).toBe(false);
    await agent(`${evilCopy('"$TMPDIR/h"')} && mv .git .git-old; echo "gitdir: $TMPDIR/h" > .git`);
    person(['status']);
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  it("does not follow a linked worktree's commondir or gitdir the command rewrote", async () => {
    person(['worktree', 'add', '-q', 'wt']);
    await agent(`${evilCopy('"$TMPDIR/w"')} && echo "$TMPDIR/w" > .git/worktrees/wt/commondir`);
    person(['status'], join(workspace, 'wt'));
    expect(existsSync(marker)).toBe(false);
    await agent(`echo "$TMPDIR/elsewhere/.git" > .git/worktrees/wt/gitdir`);
    expect(person(['worktree', 'list'])).toContain(join(workspace, 'wt'));
  }, 60_000);

  it('runs no program-valued key a new repository was given, and keeps user.*', async () => {
    const evil = `'${run()}; false'`;
    const out = await agent(
      [
        'git init -q r && cd r',
        'git config user.name agent',
        `printf '[core]\\n\\tfsmonitor = ${run()}\\n' > "$TMPDIR/inc" && git config include.path "$TMPDIR/inc"`,
        `git config includeIf.gitdir:/.path "$TMPDIR/inc"`,
        `git config core.fsmonitor ${evil}`,
        `git config core.sshCommand ${evil}`,
        `git config core.pager ${evil}`,
        `git config core.editor ${evil}`,
        `git config filter.x.clean ${evil} && git config diff.x.textconv ${evil}`,
        `git config merge.x.driver ${evil} && git config credential.helper '!${run()}'`,
        `printf '* filter=x diff=x merge=x\\n' > .gitattributes`,
        `git remote add origin ssh://git@example.invalid/x`,
      ].join(' && '),
    );
    const repo = join(workspace, 'r');
    await writeFile(join(repo, 'b.txt'), 'b\n');
    person(['add', 'b.txt'], repo);
    person(['status'], repo);
    person(['-p', 'log'], repo);
    person(['commit', '-q', '--allow-empty'], repo);
    person(['diff', '--cached'], repo);
    person(['fetch', 'origin'], repo);
    person(['credential', 'fill'], repo, 'protocol=https\nhost=example.com\n\n');
    expect(existsSync(marker)).toBe(false);
    expect(person(['config', '--get', 'user.name'], repo).trim()).toBe('agent');
    const removed = /r\/\.git\/config: removed (.*)/.exec(out)?.[1]?.split(', ') ?? [];
    expect(removed.sort()).toEqual(
      [
        'core.editor',
        'core.fsmonitor',
        'core.pager',
        'core.sshcommand',
        'credential.helper',
        'diff.x.textconv',
        'filter.x.clean',
        'include.path',
        'includeif.gitdir:/.path',
        'merge.x.driver',
      ].sort(),
    );
  }, 60_000);

  it('runs no key a command keeps setting in a new repository across the checks made while it runs', async () => {
    // Three seconds of setting it again: the checks each second undo it in between, so the last
    // value the command read back is printed (a check may undo the last one set before a read).
    const out = await agent(
      `git init -q r && cd r && end=$(( $(date +%s) + 3 )); while [ $(date +%s) -lt $end ]; do ` +
        `git config core.fsmonitor '${run()}; false' 2>/dev/null; ` +
        `got=$(git config --get core.fsmonitor) && last=$got; done; echo "$last"`,
    );
    expect(out).toContain(run());
    person(['status'], join(workspace, 'r'));
    expect(existsSync(marker)).toBe(false);
    expect(out).toMatch(/r\/\.git\/config: removed core\.fsmonitor/);
  }, 60_000);

  it('runs no hook written in the same command as git init, nor through core.hooksPath', async () => {
    const hook = `printf '#!/bin/sh\\n${run()}\\n'`;
    const out = await agent(
      `git init -q r && ${hook} > r/.git/hooks/pre-commit && chmod +x r/.git/hooks/pre-commit && ` +
        `git init -q s && mkdir s/h && ${hook} > s/h/pre-commit && chmod +x s/h/pre-commit && ` +
        `git -C s config core.hooksPath h`,
    );
    for (const repo of ['r', 's'])
      person(['commit', '-q', '--allow-empty', '-m', 'x'], join(workspace, repo));
    expect(existsSync(marker)).toBe(false);
    expect(out).toContain('pre-commit');
    expect(existsSync(join(workspace, 'r/.git/hooks/pre-commit.sample'))).toBe(true);
  }, 60_000);

  it("runs nothing planted in a submodule's metadata under .git/modules", async () => {
    const source = join(root, `subsrc-${Math.random().toString(36).slice(2, 8)}`);
    execFileSync('git', ['init', '-q', source]);
    execFileSync('git', [
      '-C',
      source,
      '-c',
      'user.name=p',
      '-c',
      'user.email=p@e',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      's',
    ]);
    person(['submodule', 'add', '-q', source, 'sm']);
    person(['commit', '-qm', 'sm']);
    await agent(
      `printf '[core]\\n\\tfsmonitor = ${run()}; false\\n' >> .git/modules/sm/config && ` +
        `printf '#!/bin/sh\\n${run()}\\n' > .git/modules/sm/hooks/pre-commit && chmod +x .git/modules/sm/hooks/pre-commit`,
    );
    person(['status']);
    person(['commit', '-q', '--allow-empty', '-m', 'x'], join(workspace, 'sm'));
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  it('runs nothing planted in a bare repository made in the workspace', async () => {
    await agent(
      `git init -q --bare b.git && printf '#!/bin/sh\\n${run()}\\n' > b.git/hooks/pre-receive && ` +
        'chmod +x b.git/hooks/pre-receive',
    );
    person(['push', '-q', join(workspace, 'b.git'), 'main']);
    expect(existsSync(marker)).toBe(false);
    expect(person(['-C', join(workspace, 'b.git'), 'log', '--oneline', 'main'])).toContain('first');
  }, 60_000);

  it('keeps ordinary work: a new repository, a branch, a commit and safe config', async () => {
    const out = await agent(
      'git init -q n && cd n && git config user.name a && git config user.email a@example.com && ' +
        'echo x > x && git add x && git commit -qm one && git checkout -qb feature && git log --oneline | wc -l',
    );
    expect(out.trim()).toBe('1');
    expect(person(['branch', '--show-current'], join(workspace, 'n')).trim()).toBe('feature');
    expect(out).not.toMatch(/undid|removed/i);
  }, 60_000);

  it('keeps a submodule the command added, and removes a core.worktree that leads out', async () => {
    const out = await agent(
      'git init -q src && git -C src -c user.name=a -c user.email=a@e commit -q --allow-empty -m s && ' +
        'git init -q n && cd n && git submodule add -q ../src sm && git -c user.name=a -c user.email=a@e commit -qm sm',
    );
    expect(out).not.toMatch(/removed/);
    const n = join(workspace, 'n');
    expect(person(['submodule', 'status'], n)).toMatch(/ sm /);
    expect(person(['status', '--porcelain'], join(n, 'sm'))).toBe('');
    const escaped = await agent(`git init -q w && git -C w config core.worktree ${personHome}`);
    expect(escaped).toMatch(/w\/\.git\/config: removed core\.worktree/);
  }, 60_000);
});
