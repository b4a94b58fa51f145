import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/fixture';

// The workspace a browser-mode session works in: the header's path field, checked by main,
// and the fixed folder a started session shows.
const WAIT = { timeout: 20_000 };
const POLL = { timeout: 20_000, interval: 100 };
const SIZES = [
  { width: 1400, height: 900 },
  { width: 1024, height: 700 },
] as const;
const app = useApp('file');
let work: string;

beforeAll(async () => {
  work = await realpath(app.work);
});

/** The same screen at both sizes, light and dark. */
async function screenshots(name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await app.page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await app.page.setViewportSize(size);
      await app.screenshot(`workspace-${name}-${size.width}x${size.height}-${scheme}`);
    }
  }
  await app.page.emulateMedia({ colorScheme: 'light' });
  await app.page.setViewportSize({ width: 1280, height: 800 });
}

describe('the workspace in browser mode', () => {
  it('offers the folder serve started in, and explains a path that cannot be used', async () => {
    await app.newChat();
    const { page } = app;
    const field = page.getByTestId('workspace-input');
    await expect.poll(() => field.inputValue(), POLL).toBe(work);
    expect(await field.getAttribute('aria-invalid')).toBe('false');
    await screenshots('new-chat');

    const missing = join(work, 'no-such-folder');
    await field.fill(missing);
    await page.getByTestId('workspace-use').click();
    const error = page.getByTestId('workspace-error');
    await error.waitFor(WAIT);
    expect(await error.innerText()).toBe(`There is no folder at ${missing}.`);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));

    await writeFile(join(work, 'a-file.txt'), 'not a folder');
    await field.fill('a-file.txt');
    await field.press('Enter');
    await expect.poll(() => error.innerText(), POLL).toBe(`${join(work, 'a-file.txt')} is not a folder.`);
    await screenshots('invalid-path');

    // Sending with the bad folder is refused before any turn starts.
    await app.send('Hello?');
    await expect.poll(() => page.getByTestId('chat-error').innerText(), POLL).toMatch(/is not a folder/);
    expect(app.model.requests).toHaveLength(0);
  }, 90_000);

  it('starts the session in the folder typed, and shows it fixed in the header', async () => {
    await app.newChat();
    const { page } = app;
    const project = join(work, 'project');
    await mkdir(project, { recursive: true });
    const field = page.getByTestId('workspace-input');
    await expect.poll(() => field.inputValue(), POLL).toBe(work);
    // A relative path starts at serve's folder and comes back absolute.
    await field.fill('project');
    await field.press('Enter');
    await expect.poll(() => field.inputValue(), POLL).toBe(project);
    expect(await page.getByTestId('workspace-error').count()).toBe(0);

    app.model.push(
      {
        toolCalls: [
          { id: 'call_pwd', name: 'terminal', arguments: { command: 'pwd' } },
          { id: 'call_write', name: 'write_file', arguments: { path: 'hello.txt', content: 'hi' } },
        ],
      },
      { text: 'Working in the project folder.' },
    );
    await app.send('Where do you work?');
    await expect
      .poll(() => app.assistantText().allInnerTexts(), POLL)
      .toContainEqual(expect.stringContaining('Working in the project folder.'));
    await expect.poll(() => app.card('call_pwd').getAttribute('data-status'), POLL).toBe('ok');
    await expect.poll(() => app.card('call_write').getAttribute('data-status'), POLL).toBe('ok');

    const path = page.getByTestId('workspace-path');
    await path.waitFor(WAIT);
    expect(await path.innerText()).toBe(project);
    expect(await page.getByTestId('workspace-input').count()).toBe(0);
    await app.showAgentTerminal();
    await expect.poll(() => app.terminalText(), POLL).toContain(project);
    await screenshots('session');

    // Back to a new chat: it keeps the folder last chosen, not serve's. Then the session again:
    // its folder comes back with it.
    await page.getByTestId('new-chat').click();
    await expect.poll(() => page.getByTestId('workspace-input').inputValue(), POLL).toBe(project);
    await page.getByTestId('session-item').first().click();
    await expect.poll(() => page.getByTestId('workspace-path').innerText(), POLL).toBe(project);
  }, 90_000);
});
