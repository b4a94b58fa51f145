import { describe, expect } from 'vitest';
import { POLL, test, testFirstLaunch, WAIT } from './support/fixture';

// A first launch with no model: the set-up card guides the user before anything is sent.
describe('model set-up in Chromium', () => {
  testFirstLaunch(
    'with no model the welcome is a set-up card; test shows the exact error; save stores the key outside config.yaml',
    async ({ app }) => {
      const { page, model } = app;
      const card = page.getByTestId('model-setup');
      await card.waitFor(WAIT);
      const problems = await page.getByTestId('model-setup-problems').innerText();
      expect(problems).toMatch(/No model provider is set/);
      // A person reads the card: no config key names.
      expect(problems).not.toMatch(/model\.(provider|base_url)/);
      expect(await page.getByTestId('model-current').innerText()).toBe('No model set up');
      await app.screenshotAll('setup-first-launch');

      await page.getByTestId('model-preset-custom').click();
      await page.getByTestId('model-setup-url').fill(model.baseUrl);
      // The model list comes from the server's /models; the first one is chosen.
      await expect.poll(() => page.getByTestId('model-setup-name').inputValue(), POLL).toBe('scripted-model');
      await expect
        .poll(() => page.getByTestId('model-setup-models').innerText(), POLL)
        .toMatch(/1 model on this server/);
      await page.getByTestId('model-setup-key').fill('sk-typed-secret');

      model.push({ status: 401, message: 'Incorrect API key provided: sk-typ***' });
      await page.getByTestId('model-test').click();
      const result = page.getByTestId('model-test-result');
      await expect
        .poll(() => result.innerText(), POLL)
        .toMatch(/✗ POST .*\/v1\/chat\/completions: HTTP 401 .*Incorrect API key provided: sk-typ\*\*\*/);
      await app.screenshotAll('setup-test-failed');

      model.push({ text: 'OK' });
      await page.getByTestId('model-test').click();
      await expect.poll(() => result.innerText(), POLL).toBe('✓ scripted-model answered: OK');
      const probe = model.requests.at(-1);
      expect(probe?.headers.authorization).toBe('Bearer sk-typed-secret');
      expect(probe?.body.model).toBe('scripted-model');

      await page.getByTestId('model-save').click();
      await card.waitFor({ state: 'detached', ...WAIT });
      await expect.poll(() => page.getByTestId('model-current').innerText(), POLL).toBe('scripted-model');
      const config = await app.configText();
      expect(config).toContain(model.baseUrl);
      expect(config).toContain('scripted-model');
      expect(config).not.toContain('sk-typed-secret');
      await app.screenshotAll('setup-header-model');

      // The saved key (from the secret store) reaches the chat turn.
      model.push({ text: 'Hello from the configured model' });
      await app.send('hi');
      await expect
        .poll(() => app.assistantText().last().innerText(), POLL)
        .toContain('Hello from the configured model');
      expect(model.requests.at(-1)?.headers.authorization).toBe('Bearer sk-typed-secret');
    },
    90_000,
  );

  testFirstLaunch(
    'the chat header switches between the server’s models',
    async ({ app }) => {
      const { page, model } = app;
      model.modelIds = ['alpha-model', 'scripted-model'];
      await page.getByTestId('model-setup').waitFor(WAIT);
      await page.getByTestId('model-preset-custom').click();
      await page.getByTestId('model-setup-url').fill(model.baseUrl);
      await expect.poll(() => page.getByTestId('model-setup-name').inputValue(), POLL).toBe('alpha-model');
      await page.getByTestId('model-setup-name').fill('scripted-model');
      await page.getByTestId('model-save').click();
      const picker = page.locator('select[data-testid="model-current"]');
      await expect.poll(() => picker.inputValue(), POLL).toBe('scripted-model');
      await app.screenshotAll('header-model-picker');
      await picker.selectOption('alpha-model');
      await expect.poll(() => app.configText(), POLL).toMatch(/name: alpha-model/);
      model.push({ text: 'answer from alpha' });
      await app.send('which model?');
      await expect.poll(() => app.assistantText().last().innerText(), POLL).toContain('answer from alpha');
      expect(model.requests.at(-1)?.body.model).toBe('alpha-model');
    },
    90_000,
  );

  test('a model fixed on the command line is shown in the header, not offered for change', async ({
    app,
  }) => {
    const { page } = app;
    await expect.poll(() => page.getByTestId('model-current').innerText(), POLL).toBe('scripted');
    expect(await page.getByTestId('model-change').count()).toBe(0);
    expect(await page.getByTestId('model-setup').count()).toBe(0);
    await page.getByTestId('settings-open').click();
    await expect
      .poll(() => page.getByTestId('settings-model-status').innerText(), POLL)
      .toMatch(/^In use: scripted at http:\/\/127\.0\.0\.1:\d+\/v1 \(set on the command line/);
  }, 60_000);
});
