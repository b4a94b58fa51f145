import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/fixture';

// write_file and patch cards show what they changed, live and after a reload, and a write that
// asks shows the diff it would make: real `caduceus serve` and Chromium, a scripted model.
const POLL = { timeout: 20_000, interval: 100 };
const SHOTS = process.env.CADUCEUS_SHOTS_DIR;
const app = useApp('each');
/** A new file whose diff is over the size kept with a call. */
const HUGE = Array.from({ length: 6_000 }, (_, i) => `generated line ${i} of a large file`).join('\n') + '\n';

const idle = () =>
  expect.poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');

/** The text of a card's changed lines, `+` or `-` first, in order. */
const changedLines = (callId: string) =>
  app
    .card(callId)
    .getByTestId('tool-diff')
    .locator('tr.diff-add, tr.diff-remove')
    .evaluateAll((rows) =>
      rows.map(
        (r) => `${r.classList.contains('diff-add') ? '+' : '-'}${r.querySelector('.diff-code')?.textContent}`,
      ),
    );

/** Screenshots at both window sizes, light and dark, where CADUCEUS_SHOTS_DIR says. */
async function screenshots(name: string, focus: Locator): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1280, 820],
    [800, 600],
  ] as const)
    for (const colorScheme of ['light', 'dark'] as const) {
      await app.page.setViewportSize({ width, height });
      await app.page.emulateMedia({ colorScheme });
      await focus.scrollIntoViewIfNeeded();
      await app.page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}-${colorScheme}.png`) });
    }
  await app.page.emulateMedia({ colorScheme: 'light' });
}

describe('file write diffs', () => {
  it("shows write_file's and patch's changes on their cards, live and after a reload", async () => {
    await writeFile(join(app.work, 'app.py'), 'def greet():\n    return "hello"\n\n\nprint(greet())\n');
    await writeFile(join(app.work, 'notes.md'), '# Notes\n\n- old item\n');
    app.model.push(
      {
        toolCalls: [
          {
            id: 'call_write',
            name: 'write_file',
            arguments: { path: 'notes.md', content: '# Notes\n\n- first item\n- second item\n' },
          },
        ],
      },
      {
        toolCalls: [
          {
            id: 'call_patch',
            name: 'patch',
            arguments: { path: 'app.py', old_string: 'return "hello"', new_string: 'return "hello, world"' },
          },
        ],
      },
      {
        toolCalls: [
          {
            id: 'call_big',
            name: 'write_file',
            arguments: { path: 'big.txt', content: HUGE },
          },
        ],
      },
      { text: 'Both files are edited.' },
    );
    await app.send('Edit the notes and the greeting');
    await idle();
    const expected = {
      call_write: ['-- old item', '+- first item', '+- second item'],
      call_patch: ['-    return "hello"', '+    return "hello, world"'],
    };
    for (const [id, lines] of Object.entries(expected))
      await expect.poll(() => changedLines(id), POLL).toEqual(lines);
    expect(await readFile(join(app.work, 'app.py'), 'utf8')).toContain('hello, world');
    // A write too large to keep its diff says so, with its size.
    const big = app.card('call_big').getByTestId('tool-diff');
    await expect.poll(() => big.getAttribute('data-omitted'), POLL).toBe('too-large');
    expect(await big.innerText()).toBe('created big.txt +6000 −0 — diff too large to show');
    // Python is highlighted.
    expect(await app.card('call_patch').locator('.hljs-keyword').count()).toBeGreaterThan(0);

    await screenshots('tool-diff', app.card('call_patch'));

    await app.page.setViewportSize({ width: 1280, height: 820 });
    await app.page.reload();
    await app.page.getByTestId('chat-input').waitFor({ timeout: 20_000 });
    for (const [id, lines] of Object.entries(expected))
      await expect.poll(() => changedLines(id), POLL).toEqual(lines);

    // Side by side puts the old line beside the new one.
    const patchDiff = app.card('call_patch').getByTestId('tool-diff');
    await patchDiff.getByRole('button', { name: 'Side by side' }).click();
    await expect.poll(() => patchDiff.getAttribute('data-mode'), POLL).toBe('split');
    const pair = await patchDiff
      .locator('tr.diff-row')
      .evaluateAll((rows) =>
        rows
          .filter((r) => r.querySelector('td.diff-remove'))
          .map((r) => [...r.querySelectorAll('td.diff-code')].map((c) => c.textContent)),
      );
    expect(pair).toEqual([['    return "hello"', '    return "hello, world"']]);
    await screenshots('tool-diff-split', app.card('call_patch'));
  });

  it('asks about a write with the diff it would make, and the ledger names the write, not a tee', async () => {
    const envrc = join(app.work, '.envrc');
    await writeFile(envrc, 'export MODE=dev\n');
    app.model.push(
      {
        toolCalls: [
          {
            id: 'call_envrc',
            name: 'write_file',
            arguments: { path: '.envrc', content: 'export MODE=prod\n' },
          },
        ],
      },
      { text: 'Switched to prod.' },
    );
    await app.send('Switch the mode');
    const dialog = app.page.getByTestId('approval-dialog');
    await expect
      .poll(
        () =>
          dialog
            .getByTestId('approval-command')
            .innerText()
            .catch(() => ''),
        POLL,
      )
      .toBe(`Write to ${envrc}`);
    const asked = await dialog
      .getByTestId('approval-diff')
      .locator('tr.diff-add, tr.diff-remove')
      .evaluateAll((rows) => rows.map((r) => r.textContent));
    expect(asked).toEqual(['1-export MODE=dev', '1+export MODE=prod']);
    // The card waiting for the answer shows it too.
    await expect.poll(() => app.card('call_envrc').getByTestId('approval-diff').count(), POLL).toBe(1);
    await screenshots('approval-diff', dialog.getByTestId('approval-diff'));
    await app.page.setViewportSize({ width: 1280, height: 820 });
    await dialog.getByTestId('approval-once').click();
    await idle();
    await expect
      .poll(() => changedLines('call_envrc'), POLL)
      .toEqual(['-export MODE=dev', '+export MODE=prod']);
    expect(await readFile(envrc, 'utf8')).toBe('export MODE=prod\n');

    await app.page.getByTestId('settings-open').click();
    await app.page.getByTestId('settings-nav-ledger').click();
    await expect
      .poll(() => app.page.getByTestId('ledger-subject').allInnerTexts(), POLL)
      .toContainEqual(`write to ${envrc}`);
    expect((await app.page.getByTestId('ledger-subject').allInnerTexts()).join('\n')).not.toContain('tee');
  });
});
