import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness } from './support/app';

// The approvals ledger, grants and the batch sheet end to end: real `caduceus serve`, PTYs and
// Chromium; only the model is scripted. Each test has its own serve, home and page.
const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 100 };
let app: AppHarness | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The model calls the terminal once per command, one after another, then answers. */
function scriptCommands(a: AppHarness, commands: string[], answer: string): void {
  commands.forEach((command, i) =>
    a.model.push({
      toolCalls: [{ id: `call_${i}`, name: 'terminal', arguments: { command, workdir: a.work } }],
    }),
  );
  a.model.push({ text: answer });
}

/** Waits for the dialog to show this command, then answers it. */
async function answer(a: AppHarness, command: string, choice: string): Promise<void> {
  const shown = () =>
    a.page
      .getByTestId('approval-command')
      .innerText({ timeout: 1_000 })
      .catch(() => '');
  await expect.poll(shown, POLL).toBe(command);
  await a.page.getByTestId(`approval-${choice}`).click();
}

/** The screen as it is, at both sizes, light and dark; back to light at 1400x900 after. */
async function screenshots(a: AppHarness, name: string): Promise<void> {
  for (const [width, height] of [
    [1400, 900],
    [1024, 700],
  ] as const)
    for (const colorScheme of ['light', 'dark'] as const) {
      await a.page.setViewportSize({ width, height });
      await a.page.emulateMedia({ colorScheme });
      await a.screenshot(`approvals-${name}-${width}x${height}-${colorScheme}`);
    }
  await a.page.setViewportSize({ width: 1400, height: 900 });
  await a.page.emulateMedia({ colorScheme: 'light' });
}

async function openLedger(a: AppHarness): Promise<void> {
  await a.page.getByTestId('settings-open').click();
  await a.page.getByTestId('settings-nav-ledger').click();
  await a.page.getByTestId('approvals-ledger').waitFor(WAIT);
}

const deciders = (a: AppHarness) =>
  a.page
    .locator('[data-testid="ledger-row"]')
    .evaluateAll((rows) =>
      rows.map(
        (r) =>
          `${r.querySelector('[data-testid="ledger-subject"]')?.textContent} → ${r.getAttribute('data-decided-by')}/${r.getAttribute('data-allowed')}/${r.getAttribute('data-scope')}`,
      ),
    );

describe('approvals ledger', () => {
  it('records a row for each kind of decision; a revoked session grant makes the same command ask again', async () => {
    app = await AppHarness.start({
      config: [
        'command_allowlist: [git-clean]',
        'approvals:',
        '  deny: [npm publish]',
        '  allow: [git reset --hard HEAD]',
        '',
      ].join('\n'),
    });
    const a = app;
    for (const d of ['d1', 'd2', 'd3', 'd4']) await mkdir(join(a.work, d));
    for (const f of ['f1', 'f2']) await writeFile(join(a.work, f), '');
    scriptCommands(
      a,
      [
        'rm -rf /',
        'npm publish --dry-run',
        'git reset --hard HEAD',
        'git clean -fdx',
        'echo hello',
        'rm -r ./d1',
        'rm -r ./d2',
        'rm -r ./d3',
        'chmod 777 ./f1',
        'chmod 777 ./f2',
        'git push --force origin main',
      ],
      'Done with all of them.',
    );
    await a.send('Run the lot');
    await answer(a, 'rm -r ./d1', 'once');
    await answer(a, 'rm -r ./d2', 'session');
    await expect.poll(() => a.page.getByTestId('approval-command').innerText(), POLL).toBe('chmod 777 ./f1');
    await screenshots(a, 'dialog');
    await answer(a, 'chmod 777 ./f1', 'hour');
    await answer(a, 'git push --force origin main', 'deny');
    await expect
      .poll(() => a.assistantText().allInnerTexts(), POLL)
      .toContainEqual(expect.stringContaining('Done with all of them.'));

    await openLedger(a);
    await expect
      .poll(() => deciders(a), POLL)
      .toEqual([
        'git push --force origin main → human/false/',
        'chmod 777 ./f2 → timed-grant/true/hour',
        'chmod 777 ./f1 → human/true/hour',
        'rm -r ./d3 → session-grant/true/session',
        'rm -r ./d2 → human/true/session',
        'rm -r ./d1 → human/true/once',
        'echo hello → safe/true/once',
        'git clean -fdx → allowlist/true/always',
        'git reset --hard HEAD → allow-rule/true/prefix-rule',
        'npm publish --dry-run → deny-rule/false/',
        'rm -rf / → hardline/false/',
      ]);
    await screenshots(a, 'ledger');
    await a.page.getByTestId('ledger-who').selectOption('human');
    await expect.poll(() => deciders(a).then((r) => r.length), POLL).toBe(4);
    await a.page.getByTestId('ledger-who').selectOption('');
    await a.page.getByTestId('ledger-search').fill('chmod');
    await expect.poll(() => deciders(a).then((r) => r.length), POLL).toBe(2);
    await a.page.getByTestId('ledger-search').fill('');
    await a.page.getByTestId('ledger-decision').selectOption('false');
    await expect.poll(() => deciders(a).then((r) => r.length), POLL).toBe(3);
    await a.page.getByTestId('ledger-decision').selectOption('');

    const grant = a.page.locator('[data-testid="grant"][data-key$=":rm-recursive"]');
    await grant.waitFor(WAIT);
    expect(
      await a.page
        .locator('[data-testid="grant"]')
        .evaluateAll((g) => g.map((e) => e.getAttribute('data-key'))),
    ).toEqual(
      expect.arrayContaining([
        'hour:chmod-world-writable',
        'always:git-clean',
        'prefix:git reset --hard HEAD',
      ]),
    );
    await grant.getByTestId('grant-revoke').click();
    await grant.waitFor({ state: 'detached', ...WAIT });
    await a.page.getByTestId('settings-close').click();

    // The very same command now asks again (it was allowed for the session before).
    scriptCommands(a, ['rm -r ./d4'], 'Left it.');
    await a.send('Once more');
    await answer(a, 'rm -r ./d4', 'deny');
    await expect.poll(() => a.card('call_0').last().getAttribute('data-status'), POLL).toBe('denied');
  }, 120_000);

  it('records the smart reviewer and a prompt nobody answered', async () => {
    // The reviewer reads the model from config.yaml (serve's --base-url covers only the chat); its
    // call shares the prompt timeout, so that is short enough to wait out and long enough for it.
    app = await AppHarness.start({
      config: (url) =>
        `model:\n  base_url: ${url}\n  name: scripted\napprovals:\n  mode: smart\n  timeout_seconds: 5\n`,
    });
    const a = app;
    await mkdir(join(a.work, 'd1'));
    await mkdir(join(a.work, 'd2'));
    // Chat turn, the reviewer's verdict on the first command, then on the second, then the answer.
    a.model.push(
      {
        toolCalls: [
          { id: 'call_a', name: 'terminal', arguments: { command: 'rm -r ./d1', workdir: a.work } },
        ],
      },
      { text: 'APPROVE' },
      {
        toolCalls: [
          { id: 'call_b', name: 'terminal', arguments: { command: 'rm -r ./d2', workdir: a.work } },
        ],
      },
      { text: 'ESCALATE' },
      { text: 'Finished.' },
    );
    await a.send('Clean up');
    await expect.poll(() => a.card('call_b').getAttribute('data-status'), POLL).toBe('denied');
    await openLedger(a);
    await expect
      .poll(() => deciders(a), POLL)
      .toEqual(['rm -r ./d2 → timeout/false/', 'rm -r ./d1 → smart/true/once']);
  }, 90_000);

  it('asks about a batch of three dangerous calls in one sheet, answered with mixed choices', async () => {
    app = await AppHarness.start();
    const a = app;
    const { page } = a;
    for (const d of ['b1', 'b2']) await mkdir(join(a.work, d));
    await writeFile(join(a.work, 'g1'), '');
    const batch = ['echo before-the-sheet', 'rm -r ./b1', 'chmod 777 ./g1', 'rm -r ./b2'];
    a.model.push(
      {
        toolCalls: batch.map((command, i) => ({
          id: `call_${i}`,
          name: 'terminal',
          arguments: { command, workdir: a.work },
        })),
      },
      { text: 'Batch done.' },
    );
    await a.send('Tidy up in one go');
    const sheet = page.getByTestId('approval-batch');
    await sheet.waitFor(WAIT);
    expect(await sheet.getByTestId('approval-batch-command').allInnerTexts()).toEqual(batch.slice(1));
    expect(await page.getByTestId('approval-dialog').count()).toBe(0);
    // The call that needs no approval ran while the sheet waits.
    await expect.poll(() => a.card('call_0').getAttribute('data-status'), POLL).toBe('ok');
    // Focus starts on Deny all, as in the single dialog.
    expect(
      await page
        .getByTestId('approval-batch-deny-all')
        .evaluate((el) => el === el.ownerDocument.activeElement),
    ).toBe(true);
    await screenshots(a, 'batch');

    const choices = sheet.getByTestId('approval-batch-choice');
    await choices.nth(0).selectOption('once');
    await choices.nth(2).selectOption('session');
    await sheet.getByTestId('approval-batch-apply').focus();
    await page.keyboard.press('Enter');
    await sheet.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => a.card('call_3').getAttribute('data-status'), POLL).toBe('ok');
    expect(await a.card('call_1').getAttribute('data-status')).toBe('ok');
    expect(await a.card('call_2').getAttribute('data-status')).toBe('denied');
    await expect
      .poll(() => a.assistantText().allInnerTexts(), POLL)
      .toContainEqual(expect.stringContaining('Batch done.'));

    await openLedger(a);
    await expect
      .poll(() => deciders(a), POLL)
      .toEqual([
        'rm -r ./b2 → human/true/session',
        'chmod 777 ./g1 → human/false/',
        'rm -r ./b1 → human/true/once',
        'echo before-the-sheet → safe/true/once',
      ]);
  }, 90_000);

  it('hands a command that waits for input to the user, whose answer reaches it and not the model', async () => {
    app = await AppHarness.start();
    const a = app;
    const { page } = a;
    const command = 'read -p "Continue? [y/N] " a; echo got-$a';
    a.model.push(
      {
        toolCalls: [
          { id: 'call_read', name: 'terminal', arguments: { command, pty: true, workdir: a.work } },
        ],
      },
      { text: 'It went on.' },
    );
    await a.send('Ask me first');
    const banner = page.getByTestId('input-wait');
    await banner.waitFor(WAIT);
    expect(await banner.innerText()).toContain('Continue? [y/N]');
    // The terminal has the keyboard: typing goes straight to the command.
    const focused = () =>
      page
        .getByTestId('terminal-pane')
        .locator('.xterm-helper-textarea')
        .evaluate((el) => el === el.ownerDocument.activeElement);
    await expect.poll(focused, POLL).toBe(true);
    await screenshots(a, 'input-wait');
    await page.keyboard.type('y');
    await page.keyboard.press('Enter');
    await expect.poll(() => a.card('call_read').getAttribute('data-status'), POLL).toBe('ok');
    await banner.waitFor({ state: 'detached', ...WAIT });
    await expect
      .poll(() => a.assistantText().allInnerTexts(), POLL)
      .toContainEqual(expect.stringContaining('It went on.'));
    const result = a.model.requests[1]?.body.messages.find((m) => m.role === 'tool')?.content ?? '';
    expect(result).toContain('got-y');
    expect(result).toContain('was handed to the user in the terminal, who answered it');
  }, 90_000);
});
