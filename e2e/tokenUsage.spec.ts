import { describe, expect, it } from 'vitest';
import { POLL, useApp } from './support/fixture';

// Tokens and cost as the model reports them, in the chat header, live and after a reload.
const app = useApp('each');

describe('token usage', () => {
  it('shows the last turn and the session in the header, with the cost the model list gives', async () => {
    app.model.modelIds = ['scripted'];
    app.model.prices = { scripted: { prompt: '0.000003', completion: '0.000015' } };
    app.model.usage = { prompt_tokens: 1200, completion_tokens: 300 };
    const usage = app.page.getByTestId('token-usage');
    expect(await usage.count()).toBe(0);

    app.model.push({ text: 'First answer.' });
    await app.send('first question');
    await expect.poll(() => usage.textContent(), POLL).toBe('1.5k last turn · 1.5k tokens · $0.0081');
    app.model.push({ text: 'Second answer.' });
    await app.send('second question');
    await expect.poll(() => usage.textContent(), POLL).toBe('1.5k last turn · 3k tokens · $0.0162');
    expect(await usage.getAttribute('title')).toContain(
      'This session: 3k tokens (2.4k in, 600 out), $0.0162',
    );
    await app.screenshotAll('token-usage');

    await app.page.reload();
    await app.page
      .getByTestId('session-item')
      .filter({ hasText: 'first question' })
      .locator('.session-open')
      .click();
    await expect.poll(() => usage.textContent(), POLL).toBe('1.5k last turn · 3k tokens · $0.0162');
  });
});
