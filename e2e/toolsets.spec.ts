import { describe, expect } from 'vitest';
import { POLL, test, WAIT } from './support/fixture';

describe('the toolsets page in Chromium', () => {
  test('lists only choosable toolsets, each with its availability, reason, what to set and per-tool detail', async ({
    app,
  }) => {
    const { page } = app;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-nav-toolsets').click();
    const rows = page.getByTestId('toolset');
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(5);

    // Presets, legacy *_tools names and "all" are aliases, not choices.
    const names = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-toolset') ?? ''));
    const kinds = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind') ?? ''));
    expect(names.filter((n) => n.endsWith('_tools'))).toEqual([]);
    expect(new Set(kinds)).toEqual(new Set(['leaf', 'composite']));
    expect(names).toContain('terminal');

    const terminal = page.locator('[data-testid="toolset"][data-toolset="terminal"]');
    expect(await terminal.getAttribute('data-availability')).toBe('available');
    expect(await terminal.getByTestId('toolset-reason').count()).toBe(0);

    // No search provider is configured here: web is partly available, and says what to set.
    const web = page.locator('[data-testid="toolset"][data-toolset="web"]');
    expect(await web.getAttribute('data-availability')).toBe('partial');
    expect(await web.getByTestId('toolset-availability').innerText()).toBe('partly (1 of 2)');
    expect(await web.getByTestId('toolset-reason').innerText()).toMatch(
      /web_search needs a search provider: set one of BRAVE_API_KEY/,
    );
    await web.locator('summary').click();
    const search = web.locator('[data-testid="toolset-tool"][data-tool="web_search"]');
    await search.waitFor(WAIT);
    expect(await search.getAttribute('data-available')).toBe('false');
    expect(await web.locator('[data-testid="toolset-tool"][data-available="true"]').count()).toBe(1);

    const image = page.locator('[data-testid="toolset"][data-toolset="image_gen"]');
    expect(await image.getAttribute('data-availability')).toBe('unavailable');
    expect(await image.getByTestId('toolset-reason').innerText()).toBe('OPENAI_API_KEY is not set');
    expect(await image.getByTestId('toolset-missing-env').innerText()).toMatch(/^Set OPENAI_API_KEY/);
    await app.screenshotAll('toolsets-page');
  }, 60_000);
});
