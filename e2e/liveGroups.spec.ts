import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { useApp } from './support/fixture';
import { screenshotViews, VIEWPORTS } from './support/views';

// Which cards sit together in a parallel group: the calls that ran at once, live and after reload.
const POLL = { timeout: 15_000, interval: 100 };
const app = useApp('each');

/** The call ids of each parallel group on the page, in order. */
async function groups(): Promise<string[][]> {
  return app.page
    .getByTestId('tool-call-group')
    .evaluateAll((nodes) =>
      nodes.map((n) =>
        [...n.querySelectorAll('[data-testid="tool-call"]')].map((c) => c.getAttribute('data-call-id') ?? ''),
      ),
    );
}

it('groups only the calls that ran in parallel, live and after a reload', async () => {
  for (const name of ['a', 'b', 'c']) await writeFile(join(app.work, `${name}.txt`), `file ${name}\n`);
  // Three reads on distinct paths run together; two terminal commands run one by one.
  app.model.push({
    toolCalls: ['a', 'b', 'c'].map((name) => ({
      id: `call_read_${name}`,
      name: 'read_file',
      arguments: { path: join(app.work, `${name}.txt`) },
    })),
  });
  app.model.push({
    toolCalls: [
      { id: 'call_seq_1', name: 'terminal', arguments: { command: 'echo one' } },
      { id: 'call_seq_2', name: 'terminal', arguments: { command: 'echo two' } },
    ],
  });
  app.model.push({ text: 'Read and ran.' });
  const prompt = 'Read three files then run two commands';
  await app.send(prompt);
  await expect.poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
  const expected = [['call_read_a', 'call_read_b', 'call_read_c']];
  expect(await groups()).toEqual(expected);
  // Every call has its card; the sequential ones stand alone.
  for (const id of ['call_seq_1', 'call_seq_2']) expect(await app.card(id).count()).toBe(1);
  expect(await app.page.getByTestId('tool-call-group').innerText()).toContain('Ran in parallel · 3 calls');
  await screenshotViews(app.page, 'live-parallel-group');

  await app.page.reload();
  await app.page.getByTestId('session-item').filter({ hasText: prompt }).locator('.session-open').click();
  await expect.poll(() => app.card('call_seq_2').count(), POLL).toBe(1);
  expect(await groups()).toEqual(expected);
}, 90_000);

it('keeps every tool name whole in a parallel group, a failed card included, at both window sizes', async () => {
  await writeFile(join(app.work, 'present.txt'), 'here\n');
  app.model.push({
    toolCalls: [
      { id: 'call_ok', name: 'read_file', arguments: { path: join(app.work, 'present.txt') } },
      { id: 'call_missing', name: 'read_file', arguments: { path: join(app.work, 'missing.txt') } },
      { id: 'call_search', name: 'search_files', arguments: { pattern: 'here', path: app.work } },
    ],
  });
  app.model.push({ text: 'Looked.' });
  await app.send('Read two files and search');
  await expect.poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL).toBe('idle');
  await expect.poll(() => app.card('call_missing').getAttribute('class'), POLL).toContain('status-error');
  for (const size of VIEWPORTS) {
    await app.page.setViewportSize(size);
    // A name cut short draws wider than its box (the ellipsis hides the rest).
    const cut = await app.page
      .locator('[data-testid="tool-call-group"] .tool-name')
      .evaluateAll((nodes) =>
        nodes.filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent ?? ''),
      );
    expect(cut, `${size.width}×${size.height}`).toEqual([]);
  }
  await screenshotViews(app.page, 'parallel-group-names');
}, 90_000);
