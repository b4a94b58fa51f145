import { describe, expect, it } from 'vitest';
import { useApp } from './support/fixture';
import { screenshotViews } from './support/views';

// Small faults a user sees: the approval dialog's row of buttons, the welcome text, the
// search highlight in dark mode and Markdown in session titles.
const POLL = { timeout: 15_000, interval: 100 };
const app = useApp('each');

type Rgb = [number, number, number];

function rgb(css: string): Rgb {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
}

/** WCAG contrast ratio of two colours. */
function contrast(a: Rgb, b: Rgb): number {
  const lum = (c: Rgb) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('approval dialog', () => {
  it('keeps Deny on one row with the other answers at 1024x700', async () => {
    await app.page.setViewportSize({ width: 1024, height: 700 });
    app.model.push({
      toolCalls: [
        { id: 'call_chmod', name: 'terminal', arguments: { command: 'chmod 777 ./f1', workdir: app.work } },
      ],
    });
    app.model.push({ text: 'Done.' });
    await app.send('Open up f1');
    const buttons = app.page.getByTestId('approval-dialog').locator('.approval-buttons button');
    await expect.poll(() => buttons.count(), POLL).toBeGreaterThan(2);
    const tops = await buttons.evaluateAll((nodes) =>
      nodes.map((n) => Math.round(n.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    await screenshotViews(app.page, 'faults-approval');
    await app.page.getByTestId('approval-deny').click();
  }, 90_000);
});

describe('welcome screen', () => {
  it('mentions the terminal pane only while it shows', async () => {
    const hint = app.page.getByTestId('welcome-hint');
    const toggle = app.page.getByTestId('terminal-toggle');
    await hint.waitFor(POLL);
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), POLL).toBe('false');
    expect(await hint.innerText()).not.toContain('terminal pane');
    expect(await hint.innerText()).toContain('open the terminal');
    await screenshotViews(app.page, 'faults-welcome-pane-closed');
    await toggle.click();
    await expect.poll(() => hint.innerText(), POLL).toContain('terminal pane');
  }, 60_000);
});

describe('session list', () => {
  it('titles sessions without Markdown and marks search matches clearly in dark mode', async () => {
    app.model.push({ text: 'Planned.' });
    await app.send('**Plan** the `kubernetes` [rollout](https://example.com)');
    await expect
      .poll(() => app.page.getByTestId('chat-status').getAttribute('data-status'), POLL)
      .toBe('idle');
    const title = app.page.getByTestId('session-item').first().locator('.session-title');
    await expect.poll(() => title.innerText(), POLL).toBe('Plan the kubernetes rollout');

    await app.page.emulateMedia({ colorScheme: 'dark' });
    await app.page.getByTestId('session-search').fill('kube');
    const mark = app.page.getByTestId('session-snippet').locator('mark').first();
    await mark.waitFor(POLL);
    const colours = await mark.evaluate((el) => {
      // Runs in the page; the spec's own lib has no DOM globals.
      const { getComputedStyle } = globalThis as unknown as {
        getComputedStyle(node: unknown): { backgroundColor: string; color: string };
      };
      let under = el.parentElement;
      let background = 'rgba(0, 0, 0, 0)';
      while (under && /rgba\(.*, 0\)|transparent/.test(background)) {
        background = getComputedStyle(under).backgroundColor;
        under = under.parentElement;
      }
      const own = getComputedStyle(el);
      return { mark: own.backgroundColor, text: own.color, around: background };
    });
    // The mark stands out from the row it sits on, and its text is readable on it.
    expect(contrast(rgb(colours.mark), rgb(colours.around))).toBeGreaterThanOrEqual(3);
    expect(contrast(rgb(colours.text), rgb(colours.mark))).toBeGreaterThanOrEqual(4.5);
    await screenshotViews(app.page, 'faults-search-highlight');
  }, 60_000);
});
