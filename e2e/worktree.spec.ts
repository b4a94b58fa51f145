import { execFileSync } from 'node:child_process';
import { readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { POLL, useApp, WAIT } from './support/fixture';

// A chat in its own worktree commits there; the person's checkout changes only on "Merge into main".
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

beforeAll(async () => {
  work = await realpath(app.work);
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Worktree Person');
  git('config', 'user.email', 'worktree@example.com');
  await writeFile(join(work, 'app.js'), 'export const answer = 41;\n');
  git('add', '.');
  git('commit', '-q', '-m', 'Start');
});

describe('a chat in its own worktree', () => {
  it('commits in the worktree, shows its changes against main, and merges on request', async () => {
    await app.newChat();
    const { page } = app;
    await page.getByTestId('worktree-checkbox').check(WAIT);
    app.model.push(
      {
        toolCalls: [
          {
            id: 'call_commit',
            name: 'terminal',
            arguments: { command: "echo 'export const answer = 42;' > app.js && git commit -qam 'Answer'" },
          },
        ],
      },
      { text: 'Committed on my branch.' },
    );
    await app.send('Fix the answer');
    await expect
      .poll(() => app.assistantText().last().innerText(), POLL)
      .toContain('Committed on my branch.');
    expect(await readFile(join(work, 'app.js'), 'utf8')).toBe('export const answer = 41;\n');
    expect(git('branch', '--list', 'caduceus/*')).toMatch(/caduceus\//);

    await expect
      .poll(() => page.getByTestId('workspace-path').innerText(), POLL)
      .toContain('caduceus-worktrees');
    await page.getByTestId('worktree-changes').click();
    await expect.poll(() => page.getByTestId('base-change').innerText(), POLL).toBe('M app.js');
    await page.getByTestId('base-change').click();
    await expect
      .poll(() => page.getByTestId('review-diff').innerText(), POLL)
      .toMatch(/\+\s*export const answer = 42;/);
    await app.screenshotAll('worktree-changes');

    await page.getByTestId('worktree-merge').click();
    await expect
      .poll(() => page.getByTestId('notice').last().innerText(), POLL)
      .toContain('Merged into main.');
    expect(await readFile(join(work, 'app.js'), 'utf8')).toBe('export const answer = 42;\n');
  });
});
