import { execFileSync } from 'node:child_process';
import { realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { POLL, useApp, WAIT } from './support/fixture';

// The Review view on the git repository serve started in: stage a file, commit it, see the commit.
const SIZES = [
  { width: 1280, height: 820 },
  { width: 800, height: 600 },
] as const;
const app = useApp('file');
let work: string;

function git(...args: string[]): string {
  return execFileSync('git', args, {
    cwd: work,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
}

/** The view at both sizes, light and dark. */
async function screenshots(name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await app.page.setViewportSize(size);
      await app.screenshot(`review-${name}-${size.width}x${size.height}-${scheme}`);
    }
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
  await app.page.setViewportSize(SIZES[0]);
}

beforeAll(async () => {
  work = await realpath(app.work);
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Review Person');
  git('config', 'user.email', 'review@example.com');
  await writeFile(join(work, 'README.md'), '# Project\n\nFirst line.\n');
  await writeFile(join(work, 'app.js'), 'export const answer = 41;\n');
  git('add', '.');
  git('commit', '-q', '-m', 'Start');
  await writeFile(join(work, 'README.md'), '# Project\n\nFirst line, reworded.\nA second line.\n');
  await writeFile(join(work, 'app.js'), 'export const answer = 42;\n');
  await writeFile(join(work, 'notes.txt'), 'to do\n');
});

describe('the Review view', () => {
  it('stages a file, commits it and shows the commit', async () => {
    await app.newChat();
    const { page } = app;
    await page.setViewportSize(SIZES[0]);
    await page.getByTestId('review-open').click();
    const view = page.getByTestId('review-view');
    await view.waitFor(WAIT);
    expect(await page.getByTestId('review-branch').innerText()).toBe('main');
    const changed = page.getByTestId('review-group-unstaged');
    await expect.poll(() => changed.innerText(), POLL).toContain('README.md');
    expect(await changed.innerText()).toContain('app.js');
    expect(await page.getByTestId('review-group-untracked').innerText()).toContain('notes.txt');
    await expect.poll(() => page.getByTestId('review-diff').innerText(), POLL).toContain('A second line.');
    await screenshots('changes');

    await changed
      .getByTestId('review-file')
      .filter({ hasText: 'app.js' })
      .getByTestId('review-stage')
      .click();
    const staged = page.getByTestId('review-group-staged');
    await expect.poll(() => staged.innerText(), POLL).toContain('app.js');
    await staged
      .getByTestId('review-file')
      .filter({ hasText: 'app.js' })
      .locator('.review-file-name')
      .click();
    await expect
      .poll(() => page.getByTestId('review-diff').innerText(), POLL)
      .toContain('export const answer = 42;');
    expect(git('diff', '--cached', '--name-only')).toBe('app.js\n');

    await page.getByTestId('review-message').fill('Answer the question');
    await page.getByTestId('review-commit').click();
    await expect
      .poll(() => page.getByTestId('review-committed').innerText(), POLL)
      .toContain('Answer the question');
    expect(git('log', '-1', '--format=%s').trim()).toBe('Answer the question');
    expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('app.js');
    await expect.poll(() => staged.count(), POLL).toBe(0);
    expect(await changed.innerText()).not.toContain('app.js');
    await screenshots('committed');
  }, 120_000);

  it('discards a new file only after the confirmation', async () => {
    const { page } = app;
    const untracked = page.getByTestId('review-group-untracked');
    await untracked.getByTestId('review-discard').click();
    const confirm = page.getByTestId('review-discard-confirm');
    await confirm.waitFor(WAIT);
    await screenshots('discard-confirm');
    await page.getByTestId('review-discard-yes').click();
    await expect.poll(() => untracked.count(), POLL).toBe(0);
    expect(git('status', '--porcelain')).toBe(' M README.md\n');
  }, 60_000);
});
