import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { POLL, useApp } from './support/fixture';
import { SCREENSHOTS } from './support/views';

// The Changes pane over a turn that edits, creates, deletes, commits and then destroys history:
// real `caduceus serve`, Chromium and a scripted model. Reverting the turn, from the pane and
// from `caduceus checkpoints restore`, brings back every byte, mode and link, `.git` included.
const SHOTS = join(SCREENSHOTS, 'changes-pane');
const SIZES = [
  { width: 1280, height: 820 },
  { width: 800, height: 600 },
] as const;
const app = useApp('each');

const gitEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: gitEnv });

/** Every path under `root` with its type, mode and content hash (or link target), sorted. */
async function fingerprint(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    for (const name of await readdir(join(root, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      const full = join(root, path);
      const st = await lstat(full);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.push(`${path} link ${await readlink(full)}`);
      else if (st.isDirectory()) {
        out.push(`${path} dir ${mode}`);
        await walk(path);
      } else
        out.push(
          `${path} file ${mode} ${createHash('sha256')
            .update(await readFile(full))
            .digest('hex')}`,
        );
    }
  }
  await walk('');
  return out.sort();
}

/** A git repository with a history, an executable, a symlink, an empty folder and a `.env`. */
async function makeRepo(work: string): Promise<void> {
  git(work, 'init', '-q', '-b', 'main');
  git(work, 'config', 'user.name', 'Changes Person');
  git(work, 'config', 'user.email', 'changes@example.com');
  await mkdir(join(work, 'src'));
  await mkdir(join(work, 'docs'));
  await mkdir(join(work, 'empty'));
  await writeFile(join(work, 'README.md'), '# Project\n\nFirst line.\n');
  await writeFile(join(work, 'src', 'app.js'), 'export const answer = 41;\n');
  await writeFile(join(work, 'docs', 'old.md'), 'Old notes.\n');
  await writeFile(join(work, 'run.sh'), '#!/bin/sh\necho run\n');
  await chmod(join(work, 'run.sh'), 0o755);
  await symlink('src/app.js', join(work, 'app-link.js'));
  await writeFile(join(work, '.gitignore'), '.env\n');
  await writeFile(join(work, '.env'), 'TOKEN=local-secret\n');
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'Start');
}

/** The pane at both sizes, light and dark. */
async function screenshots(name: string, focus?: Locator): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const)
    for (const size of SIZES) {
      await app.page.setViewportSize(size);
      await app.page.emulateMedia({ colorScheme });
      // The transcript may redraw the row as the window resizes: scroll again until it holds.
      if (focus)
        await expect
          .poll(
            () =>
              focus.scrollIntoViewIfNeeded().then(
                () => true,
                () => false,
              ),
            POLL,
          )
          .toBe(true);
      await app.page.screenshot({
        path: join(SHOTS, `${name}-${size.width}x${size.height}-${colorScheme}.png`),
      });
    }
  await app.page.emulateMedia({ colorScheme: 'light' });
  await app.page.setViewportSize(SIZES[0]);
}

const terminal = (id: string, command: string, work: string) => ({
  toolCalls: [{ id, name: 'terminal', arguments: { command, workdir: work } }],
});

/** Answers, as the person, every approval the turn asks until it ends. */
async function runTurnAllowingAll(): Promise<void> {
  const { page } = app;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the turn did not end');
    const once = page.getByTestId('approval-once');
    if (await once.isVisible().catch(() => false)) await once.click().catch(() => undefined);
    const status = await page
      .getByTestId('chat-status')
      .getAttribute('data-status')
      .catch(() => null);
    if (status === 'idle' && (await page.getByTestId('message').count()) > 1) return;
    await page.waitForTimeout(100);
  }
}

describe('the Changes pane', () => {
  it('shows a destructive turn’s files and diffs and reverts it byte for byte, from the pane and the CLI', async () => {
    const work = await realpath(app.work);
    await makeRepo(work);
    const before = await fingerprint(work);
    // A new chat resets the model's script: push it after.
    await app.newChat();
    app.model.push(
      {
        toolCalls: [
          { id: 'call_write', name: 'write_file', arguments: { path: 'notes.txt', content: 'one\ntwo\n' } },
        ],
      },
      {
        toolCalls: [
          {
            id: 'call_patch',
            name: 'patch',
            arguments: { path: 'README.md', old_string: 'First line.', new_string: 'First line, reworded.' },
          },
        ],
      },
      terminal('call_edit', 'rm docs/old.md && echo "export const extra = 1;" > src/extra.js', work),
      terminal('call_commit', 'git add -A && git commit -q -m "Agent edits"', work),
      terminal('call_destroy', 'rm -rf src .git/objects', work),
      { text: 'Done, and the history is gone.' },
    );
    await app.send('Edit the project, commit, then remove src and the git objects');
    await runTurnAllowingAll();
    const after = await fingerprint(work);
    // The person allowed the destruction when asked.
    const log = await app.cli(['approvals', 'log', '--search', 'rm -rf src', '--json']);
    expect(JSON.parse(log.stdout)).toMatchObject([
      { subject: 'rm -rf src .git/objects', allowed: true, decidedBy: 'human' },
    ]);
    expect(after).not.toEqual(before);
    expect(after.some((l) => l.startsWith('.git/objects/'))).toBe(false);

    const { page } = app;
    const chip = page.getByTestId('turn-changes');
    await expect.poll(() => chip.innerText().catch(() => ''), POLL).toMatch(/files changed \+\d+ −\d+/);
    await screenshots('changes-chip', chip);
    await chip.click();
    const pane = page.getByTestId('changes-pane');
    await pane.waitFor(POLL);
    const rows = pane.getByTestId('changes-file');
    const listed = await rows.allInnerTexts();
    expect(listed.some((r) => r.includes('notes.txt') && r.includes('added'))).toBe(true);
    expect(listed.some((r) => r.includes('README.md') && r.includes('modified'))).toBe(true);
    expect(listed.some((r) => r.includes('src/app.js') && r.includes('deleted'))).toBe(true);
    expect(listed.some((r) => r.includes('docs/old.md') && r.includes('deleted'))).toBe(true);

    // Each file's diff, then README's change read closely.
    const diff = pane.getByTestId('diff-view');
    for (const [path, text] of [
      ['notes.txt', 'two'],
      ['src/app.js', 'export const answer = 41;'],
      ['docs/old.md', 'Old notes.'],
      ['README.md', 'First line, reworded.'],
    ] as const) {
      await rows.filter({ hasText: path }).locator('.changes-file-name').click();
      await expect
        .poll(
          () =>
            diff
              .locator('.diff-path')
              .innerText()
              .catch(() => ''),
          POLL,
        )
        .toBe(path);
      await expect.poll(() => diff.innerText().catch(() => ''), POLL).toContain(text);
    }
    await screenshots('changes-pane');

    await pane.getByTestId('revert-turn').first().click();
    const confirm = page.getByTestId('revert-confirm');
    await confirm.waitFor(POLL);
    expect(await confirm.innerText()).toContain('running commands are stopped');
    await screenshots('changes-confirm');
    await page.getByTestId('revert-yes').click();
    await page.getByTestId('changes-reverted').waitFor(POLL);
    expect(await fingerprint(work)).toEqual(before);
    expect(git(work, 'log', '--format=%s')).toBe('Start\n');
    await screenshots('changes-reverted');

    // The same through the command line: undo the revert, then restore the turn's checkpoint.
    const listed2 = await app.cli(['checkpoints', 'list', '--json']);
    expect(listed2.code).toBe(0);
    const checkpoints = JSON.parse(listed2.stdout) as { id: string; label?: string }[];
    const undo = checkpoints.find((c) => c.label?.startsWith('before restoring'));
    const turn = checkpoints.find((c) => c.label === 'before turn 1');
    expect(undo && turn).toBeTruthy();
    const redo = await app.cli(['checkpoints', 'restore', undo?.id ?? '']);
    expect(redo.code, redo.stderr).toBe(0);
    expect(await fingerprint(work)).toEqual(after);
    const restored = await app.cli(['checkpoints', 'restore', turn?.id ?? '']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(await fingerprint(work)).toEqual(before);
  });
});
