import { mkdir } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppHarness } from './support/app';
import { CURRENT_TEXT } from './support/findMarks';
import { POLL, WAIT } from './support/fixture';

// Files and images pasted, dropped or picked in the composer, as the model and a reload see them.
let app: AppHarness;
const SHOTS = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
/** A 2×2 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAE0lEQVR4nGP4zwAEYAJI/v//HwAl6wX7J5pTEAAAAABJRU5ErkJggg==';

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** The composer at the sizes and schemes people use it in. */
async function shots(name: string) {
  await mkdir(SHOTS, { recursive: true });
  const before = app.page.viewportSize();
  for (const [width, height] of [
    [1280, 820],
    [800, 600],
  ] as const) {
    await app.page.setViewportSize({ width, height });
    for (const colorScheme of ['light', 'dark'] as const) {
      await app.page.emulateMedia({ colorScheme });
      await app.page.screenshot({ path: `${SHOTS}${name}-${width}-${colorScheme}.png` });
    }
  }
  await app.page.emulateMedia({ colorScheme: null });
  if (before) await app.page.setViewportSize(before);
}

describe('files in the composer', () => {
  /** Runs `body` against its own app, started with `options`, and closes it after. */
  async function withApp(options: Parameters<typeof AppHarness.start>[0], body: () => Promise<void>) {
    app = await AppHarness.start(options);
    try {
      await body();
    } catch (err) {
      console.error(`caduceus serve stderr:\n${app.log()}`);
      throw err;
    } finally {
      await app.close();
    }
  }

  /** Pastes a PNG into the message box as the browser raises a paste. */
  async function pasteImage() {
    await app.page.getByTestId('chat-input').click();
    await app.page.evaluate(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(PNG)}), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      document.querySelector('[data-testid="chat-input"]').dispatchEvent(paste);
    })()`);
  }

  it(
    'sends a pasted image as an image part, a text file as text, another file by its path; chips stay after a reload',
    () =>
      withApp({}, async () => {
        const page = app.page;
        const input = page.getByTestId('chat-input');
        await pasteImage();
        const composerChips = page.locator('.composer [data-testid="attachment-chip"]');
        await composerChips.filter({ hasText: 'screenshot.png' }).waitFor(WAIT);
        const picker = page.getByTestId('attach-file-input');
        await picker.setInputFiles({
          name: 'notes.md',
          mimeType: 'text/markdown',
          buffer: Buffer.from('# Release notes\nThe widget ships on Friday.'),
        });
        await picker.setInputFiles({
          name: 'report.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4 not really'),
        });
        await expect
          .poll(() => composerChips.evaluateAll((c) => c.map((e) => e.dataset.kind)), POLL)
          .toEqual(['image', 'text', 'file']);
        await input.fill('What do these show?');
        await shots('attach-composer');

        app.model.push({ text: 'A small picture, release notes and a report.' });
        await page.getByTestId('chat-send').click();
        await expect.poll(() => app.model.requests.length, POLL).toBeGreaterThan(0);
        const user = app.model.requests[0]?.body.messages.findLast((m) => m.role === 'user');
        const parts = user?.content as unknown as Part[];
        expect(parts.filter((p) => p.type === 'image_url')).toEqual([
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ]);
        const text = parts.find((p) => p.type === 'text')?.text ?? '';
        expect(text.startsWith('What do these show?')).toBe(true);
        expect(text).toContain('The widget ships on Friday.');
        const copied = /The file was copied to (\S+); read it from there\./.exec(text)?.[1] ?? '';
        expect(copied).toMatch(/report\.pdf$/);
        expect(await readFile(copied, 'utf8')).toBe('%PDF-1.4 not really');
        await page.getByText('A small picture, release notes and a report.').waitFor(WAIT);
        expect(await composerChips.count()).toBe(0);

        await page.reload();
        await page
          .getByTestId('session-item')
          .filter({ hasText: 'What do these show?' })
          .locator('.session-open')
          .click();
        const shown = page.locator('[data-testid="message"][data-role="user"]').last();
        await shown.getByTestId('attachment-chip').first().waitFor(WAIT);
        expect(await shown.getByTestId('attachment-chip').allInnerTexts()).toEqual([
          'screenshot.png',
          'notes.md',
          'report.pdf',
        ]);
        expect(await shown.innerText()).not.toContain('The widget ships');
        await shots('attach-sent');

        // Find goes by what the chat shows: an attached file's name, not the text it holds.
        await input.focus();
        await page.keyboard.press('Control+f');
        const count = page.getByTestId('find-count');
        await page.getByTestId('find-input').fill('widget ships');
        await expect.poll(() => count.textContent(), POLL).toBe('No matches');
        await page.getByTestId('find-input').fill('notes.md');
        await expect.poll(() => count.textContent(), POLL).toBe('1 of 1');
        await expect.poll(() => page.evaluate<string | null>(CURRENT_TEXT), POLL).toBe('notes.md');
        await app.screenshotAll('attach-find');
      }),
    90_000,
  );

  it(
    'refuses an image for a model configured without vision and keeps the message',
    () =>
      withApp({ config: 'model:\n  vision: false\n' }, async () => {
        await pasteImage();
        const chip = app.page.locator('.composer [data-testid="attachment-chip"]');
        await chip.waitFor(WAIT);
        await app.send('What is in this picture?');
        await app.page.getByText(/scripted cannot read images/).waitFor(WAIT);
        expect(await app.page.getByTestId('chat-input').inputValue()).toBe('What is in this picture?');
        expect(await chip.count()).toBe(1);
        expect(app.model.requests).toHaveLength(0);
        await shots('attach-no-vision');
      }),
    90_000,
  );
});
