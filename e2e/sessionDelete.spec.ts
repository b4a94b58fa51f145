import { randomBytes } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { processesWith } from '../src-main/terminal/testing/commandLines';
import { POLL, test, WAIT } from './support/fixture';

// Deleting a session from the sidebar ends its agent's command and closes its tab in every page.

describe('deleting a session', () => {
  test('stops its running command and drops its agent tab in both pages, for good', async ({ app }) => {
    const { page } = app;
    const dir = join(app.work, 'ticks');
    await mkdir(dir, { recursive: true });
    // A script of its own name, so the loop is found in /proc whatever pid namespace it runs in.
    const script = `ticker-${randomBytes(6).toString('hex')}.sh`;
    await writeFile(join(dir, script), 'while :; do echo tick; echo t >> ticks.log; sleep 0.2; done\n');
    const command = `bash ${script}`;
    app.model.push({
      toolCalls: [{ id: 'call_ticks', name: 'terminal', arguments: { command, workdir: dir, pty: true } }],
    });
    await app.send('Tick forever');
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('tick');
    expect(processesWith(script)).not.toEqual([]);

    // A second window on the same serve shows the same agent tab.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.getByTestId('chat-input').waitFor(WAIT);
    const agentTabs = (p: typeof page) => p.locator('[data-testid="terminal-tab"][data-kind="agent"]');
    await expect.poll(() => agentTabs(other).count(), POLL).toBe(1);

    const item = page.locator('[data-testid="session-item"].current');
    await item.hover();
    await item.getByTestId('session-delete').click();
    await item.getByTestId('session-delete-confirm').click();

    await expect.poll(() => agentTabs(page).count(), POLL).toBe(0);
    await expect.poll(() => agentTabs(other).count(), POLL).toBe(0);
    // The other window had it open: it leaves it for a new chat, drops it from its list, and says why.
    await expect.poll(() => other.getByTestId('session-item').count(), POLL).toBe(0);
    await expect
      .poll(() => other.getByTestId('notice').textContent(), POLL)
      .toContain('deleted in another window');
    expect(await other.getByTestId('message').count()).toBe(0);
    expect(new URL(other.url()).hash).toBe('');
    // The window that deleted it says nothing of the kind.
    expect(await page.getByTestId('notice').count()).toBe(0);
    await expect.poll(() => processesWith(script), POLL).toEqual([]);
    await app.screenshotAll('session-deleted');
    const ticks = (await stat(join(dir, 'ticks.log'))).size;

    // A reload and a new command later: only the new command's tab, and the loop wrote nothing more.
    await page.reload();
    await page.getByTestId('chat-input').waitFor(WAIT);
    app.model.push(
      { toolCalls: [{ id: 'call_after', name: 'terminal', arguments: { command: 'echo after-$((6*7))' } }] },
      { text: 'Done.' },
    );
    await app.send('Say something after the delete');
    await expect.poll(() => app.card('call_after').getAttribute('data-status'), POLL).toBe('ok');
    for (const p of [page, other]) {
      await expect.poll(() => agentTabs(p).count(), POLL).toBe(1);
    }
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain('after-42');
    expect(await app.terminalText()).not.toContain('tick');
    expect((await stat(join(dir, 'ticks.log'))).size).toBe(ticks);
    await other.close();
  }, 90_000);
});
